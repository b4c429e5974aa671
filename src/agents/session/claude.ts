// Claude Code's sessions (checked with 2.1.328): `<config>/projects/<cwd with every non-alphanumeric as '-'>/<id>.jsonl`,
// where <config> is $CLAUDE_CONFIG_DIR, else ~/.claude. A new conversation is started with our own id
// (`--session-id UUID`); `/clear` starts another file in the same folder, which `current` then finds.

import path from 'node:path';
import { CLOCK_SLACK_MS, exists, homeOf, listFiles, newestUnclaimed } from './files.js';
import type { AgentSessions, SessionLookup } from './types.js';

const SESSION_FILE = /^[0-9a-f-]{36}\.jsonl$/;

function projectDir(lookup: Pick<SessionLookup, 'cwd' | 'env'>): string {
  const config = lookup.env.CLAUDE_CONFIG_DIR || path.join(homeOf(lookup.env), '.claude');
  return path.join(config, 'projects', lookup.cwd.replace(/[^a-zA-Z0-9]/g, '-'));
}

export const claudeSessions: AgentSessions = {
  assignsOwnId: true,
  async current(lookup) {
    // The newest conversation file of this folder written since the pane started: after `/clear` that is the new one.
    // Two claude panes in one folder are told apart by the ids the other panes already hold (`claimed`).
    const files = (await listFiles(projectDir(lookup), SESSION_FILE)).filter((f) => f.mtimeMs >= lookup.startedAt - CLOCK_SLACK_MS);
    return newestUnclaimed(files, (file) => path.basename(file, '.jsonl'), lookup.claimed);
  },
  exists: (id, lookup) => exists(path.join(projectDir(lookup), `${id}.jsonl`)),
};
