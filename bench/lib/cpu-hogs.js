// Keeps the machine's other cores busy during a measurement ("on a machine whose other core is
// busy"): one process per core but one, each spinning in a loop of its own, stopped by the scope.

import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** A hog ends by itself after this long, should the benchmark itself die before stopping it. */
const HOG_LIFETIME_MS = 300_000;

/**
 * Starts `availableParallelism() - 1` busy processes (at least one) and has `scope` stop them.
 * @param {import('./scope.js').Scope} scope
 * @returns {number} how many were started
 */
export function busyOtherCores(scope) {
  const count = Math.max(1, availableParallelism() - 1);
  const loop = `const end = Date.now() + ${HOG_LIFETIME_MS}; while (Date.now() < end) {}`;
  for (let i = 0; i < count; i += 1) {
    const hog = spawn(process.execPath, ['-e', loop], { stdio: 'ignore' });
    scope.defer(() => {
      hog.kill('SIGKILL');
    });
  }
  return count;
}
