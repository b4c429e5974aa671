// Codex's sessions (checked with 0.169.0): `<CODEX_HOME or ~/.codex>/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`,
// written once the first turn starts. Codex has no flag to choose the id, so it is read back:
// - while codex runs, from the rollout files its own processes hold open (/proc/PID/fd on Linux): exact even
//   with several codex panes in one folder; after `/clear` both files are open and the newer is the current one;
// - otherwise (the process has ended, or no /proc), the newest rollout file since the pane started whose
//   first line says it was started in the pane's folder.

import fs from 'node:fs/promises';
import path from 'node:path';
import { CLOCK_SLACK_MS, firstLine, homeOf, listDirs, listFiles, newestUnclaimed, type FileStat } from './files.js';
import type { AgentSessions, SessionLookup } from './types.js';

const ROLLOUT = /^rollout-.+-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/;
const CWD_FIELD = /"cwd":("(?:[^"\\]|\\.)*")/;
const DAY_MS = 86_400_000;

const idOf = (file: string): string | undefined => ROLLOUT.exec(path.basename(file))?.[1];

function sessionsDir(env: Record<string, string>): string {
  return path.join(env.CODEX_HOME || path.join(homeOf(env), '.codex'), 'sessions');
}

/** Rollout files the given processes hold open, by the time in their names (newest first). */
async function openRollouts(pids: number[]): Promise<FileStat[]> {
  const found = new Map<string, FileStat>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = await fs.readdir(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = await fs.readlink(`/proc/${pid}/fd/${fd}`);
        if (ROLLOUT.test(path.basename(target))) found.set(target, { file: target, mtimeMs: (await fs.stat(target)).mtimeMs });
      } catch {
        // closed meanwhile
      }
    }
  }
  return [...found.values()];
}

/** The day folders a session started between `from` and now can be in (local dates, as codex names them). */
function dayDirs(root: string, from: number): string[] {
  const dirs: string[] = [];
  for (let t = from - DAY_MS; t <= Date.now() + DAY_MS; t += DAY_MS) {
    const d = new Date(t);
    const dir = path.join(root, String(d.getFullYear()), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0'));
    if (!dirs.includes(dir)) dirs.push(dir);
  }
  return dirs;
}

async function startedIn(file: string): Promise<string | undefined> {
  const match = CWD_FIELD.exec((await firstLine(file, 16 * 1024)) ?? '');
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]) as string;
  } catch {
    return undefined;
  }
}

export const codexSessions: AgentSessions = {
  assignsOwnId: false,
  async current(lookup: SessionLookup) {
    const open = await openRollouts(lookup.pids);
    if (open.length > 0) {
      // The newest by the time in the name: codex keeps the old rollout open after `/clear`.
      const newest = open.sort((a, b) => path.basename(b.file).localeCompare(path.basename(a.file)));
      return newestUnclaimed(newest.map((f, i) => ({ ...f, mtimeMs: -i })), idOf, lookup.claimed);
    }
    const root = sessionsDir(lookup.env);
    const files = (await Promise.all(dayDirs(root, lookup.startedAt).map((dir) => listFiles(dir, ROLLOUT))))
      .flat()
      .filter((f) => f.mtimeMs >= lookup.startedAt - CLOCK_SLACK_MS)
      .sort((a, b) => b.mtimeMs - a.mtimeMs);
    for (const file of files) {
      const id = idOf(file.file);
      if (id !== undefined && !lookup.claimed.has(id) && (await startedIn(file.file)) === lookup.cwd) return id;
    }
    return undefined;
  },
  async exists(id, lookup) {
    const root = sessionsDir(lookup.env);
    for (const year of await listDirs(root)) {
      for (const month of await listDirs(path.join(root, year))) {
        for (const day of await listDirs(path.join(root, year, month))) {
          const files = await listFiles(path.join(root, year, month, day), ROLLOUT);
          if (files.some((f) => idOf(f.file) === id)) return true;
        }
      }
    }
    return false;
  },
};
