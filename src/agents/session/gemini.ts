// Gemini CLI's sessions (checked with 0.61.0): `<home>/.gemini/tmp/<project>/chats/session-<time>-<id prefix>.jsonl`,
// whose first line is `{"sessionId": …, "projectHash": sha256(cwd), …}`; <home> is $GEMINI_CLI_HOME, else $HOME. A new
// conversation is started with our own id (`--session-id UUID`); `/clear` starts a new file, which `current` finds.

import crypto from 'node:crypto';
import path from 'node:path';
import { CLOCK_SLACK_MS, firstJsonLine, homeOf, listDirs, listFiles, type FileStat } from './files.js';
import type { AgentSessions, SessionLookup } from './types.js';

const SESSION_FILE = /^session-.+\.jsonl$/;

function tmpDir(env: Record<string, string>): string {
  return path.join(env.GEMINI_CLI_HOME || homeOf(env), '.gemini', 'tmp');
}

async function sessionFiles(env: Record<string, string>): Promise<FileStat[]> {
  const root = tmpDir(env);
  const projects = await listDirs(root);
  return (await Promise.all(projects.map((p) => listFiles(path.join(root, p, 'chats'), SESSION_FILE)))).flat();
}

/** The session id and project hash a file's first line states. */
async function header(file: string): Promise<{ id: string; projectHash: unknown } | undefined> {
  const first = await firstJsonLine(file);
  return typeof first?.sessionId === 'string' ? { id: first.sessionId, projectHash: first.projectHash } : undefined;
}

export const geminiSessions: AgentSessions = {
  assignsOwnId: true,
  async current(lookup: SessionLookup) {
    const hash = crypto.createHash('sha256').update(lookup.cwd).digest('hex');
    const recent = (await sessionFiles(lookup.env))
      .filter((f) => f.mtimeMs >= lookup.startedAt - CLOCK_SLACK_MS)
      .sort((a, b) => b.mtimeMs - a.mtimeMs);
    for (const { file } of recent) {
      const found = await header(file);
      if (found && found.projectHash === hash && !lookup.claimed.has(found.id)) return found.id;
    }
    return undefined;
  },
  async exists(id, lookup) {
    const prefix = id.slice(0, 8);
    for (const { file } of await sessionFiles(lookup.env)) {
      if (!path.basename(file).includes(prefix)) continue;
      if ((await header(file))?.id === id) return true;
    }
    return false;
  },
};
