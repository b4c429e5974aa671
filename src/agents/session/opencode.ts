// opencode's sessions (checked with 1.18.33) live in a SQLite database, which Node 20 cannot read without a native
// module; `opencode session list --format json` reads it for us: `[{id, updated, created, directory, …}]`. opencode has
// no flag to choose the id, so the pane's session is the newest one of its folder updated since the pane started.
// This is the fallback: tessera's plugin names the session of each turn (SessionTracker.told), and a pane whose
// opencode did so is not looked up here. Whether a session still exists (a wake) is still asked here.
// A list that cannot be read (opencode failed, or took longer than the limit on a loaded machine) says nothing about
// whether a session exists: a wake then resumes it anyway, rather than dropping the user's conversation for a slow answer.
// Each list is an opencode start that can leave a lock behind (opencodeLocks.ts): it is released once the list ends.

import { execFile } from 'node:child_process';
import { AGENT_SESSION_QUERY_TIMEOUT_MS } from '../../limits.js';
import { opencodeLockDir, releaseAbandonedLocksSoon } from './opencodeLocks.js';
import type { AgentSessions, SessionLookup } from './types.js';

/** Sessions looked at: the newest ones are enough to find this pane's. */
const LISTED_SESSIONS = 50;

interface Listed {
  id: string;
  updated: number;
  directory: string;
}

/** The newest sessions; undefined when they could not be read. */
function listSessions(lookup: Pick<SessionLookup, 'cwd' | 'env' | 'program'>): Promise<Listed[] | undefined> {
  const program = lookup.program;
  if (program === undefined) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const child = execFile(
      program,
      ['session', 'list', '--format', 'json', '--max-count', String(LISTED_SESSIONS)],
      { cwd: lookup.cwd, env: lookup.env, timeout: AGENT_SESSION_QUERY_TIMEOUT_MS, maxBuffer: 4 << 20 },
      (error, stdout) => {
        if (child.pid !== undefined) releaseAbandonedLocksSoon(opencodeLockDir(lookup.env), [{ pid: child.pid, startedAt, endedAt: Date.now() }]);
        if (error) return resolve(undefined);
        try {
          const parsed = JSON.parse(stdout) as unknown;
          if (!Array.isArray(parsed)) return resolve(undefined);
          resolve(
            parsed.filter(
              (s): s is Listed => typeof s?.id === 'string' && typeof s?.updated === 'number' && typeof s?.directory === 'string',
            ),
          );
        } catch {
          resolve(undefined);
        }
      },
    );
  });
}

export const opencodeSessions: AgentSessions = {
  assignsOwnId: false,
  async current(lookup) {
    const sessions = ((await listSessions(lookup)) ?? [])
      .filter((s) => s.directory === lookup.cwd && s.updated >= lookup.startedAt && !lookup.claimed.has(s.id))
      .sort((a, b) => b.updated - a.updated);
    return sessions[0]?.id;
  },
  async exists(id, lookup) {
    const sessions = await listSessions(lookup);
    return sessions === undefined || sessions.some((s) => s.id === id);
  },
};
