// Which workspaces' stacks are up, for the strip's mark: read from the pid files and /proc at most once
// per STACK_STRIP_REFRESH_MS (a frame is drawn far more often than a stack starts or stops).

import fs from 'node:fs';
import { STACK_STRIP_REFRESH_MS } from '../../limits.js';
import { listProcStats } from '../../pty/procStat.js';
import { StackFiles } from './stackFiles.js';
import { onceAsked, stackSummary } from './stackStatus.js';

export function stackUpMarks(stacksDir: string, now: () => number = Date.now): (workspace: string) => boolean {
  let readAt = -Infinity;
  let up = new Set<string>();
  return (workspace) => {
    if (now() - readAt >= STACK_STRIP_REFRESH_MS) {
      readAt = now();
      up = new Set();
      let names: string[] = [];
      try {
        names = fs.readdirSync(stacksDir);
      } catch {
        // no stack was ever started
      }
      const stats = onceAsked(listProcStats);
      for (const name of names) if (stackSummary(new StackFiles(stacksDir, name), stats)?.up) up.add(name);
    }
    return up.has(workspace);
  };
}
