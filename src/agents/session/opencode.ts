// opencode's sessions (checked with 1.18.33) live in a SQLite database, which Node 20 cannot read without a native
// module; `opencode session list --format json` reads it for us: `[{id, updated, created, directory, …}]`. opencode has
// no flag to choose the id, so the pane's session is the newest one of its folder updated since the pane started.

import { execFile } from 'node:child_process';
import { AGENT_SESSION_QUERY_TIMEOUT_MS } from '../../limits.js';
import type { AgentSessions, SessionLookup } from './types.js';

/** Sessions looked at: the newest ones are enough to find this pane's. */
const LISTED_SESSIONS = 50;

interface Listed {
  id: string;
  updated: number;
  directory: string;
}

function listSessions(lookup: Pick<SessionLookup, 'cwd' | 'env' | 'program'>): Promise<Listed[]> {
  const program = lookup.program;
  if (program === undefined) return Promise.resolve([]);
  return new Promise((resolve) => {
    execFile(
      program,
      ['session', 'list', '--format', 'json', '--max-count', String(LISTED_SESSIONS)],
      { cwd: lookup.cwd, env: lookup.env, timeout: AGENT_SESSION_QUERY_TIMEOUT_MS, maxBuffer: 4 << 20 },
      (error, stdout) => {
        if (error) return resolve([]);
        try {
          const parsed = JSON.parse(stdout) as unknown;
          if (!Array.isArray(parsed)) return resolve([]);
          resolve(
            parsed.filter(
              (s): s is Listed => typeof s?.id === 'string' && typeof s?.updated === 'number' && typeof s?.directory === 'string',
            ),
          );
        } catch {
          resolve([]);
        }
      },
    );
  });
}

export const opencodeSessions: AgentSessions = {
  assignsOwnId: false,
  async current(lookup) {
    const sessions = (await listSessions(lookup))
      .filter((s) => s.directory === lookup.cwd && s.updated >= lookup.startedAt && !lookup.claimed.has(s.id))
      .sort((a, b) => b.updated - a.updated);
    return sessions[0]?.id;
  },
  async exists(id, lookup) {
    return (await listSessions(lookup)).some((s) => s.id === id);
  },
};
