// The CPU a piece of work cost includes its children's: a child that burns 300 ms of CPU shows in the parent's figure
// once it has been reaped.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { workCpuTimeMs } from '../../../src/os/workCpuTime.js';

/** A child that loops until it has used this much CPU of its own (not wall time: a loaded machine only makes it slower). */
const CHILD_CPU_MS = 300;
/** /proc counts in ticks of 10 ms. */
const TICK_MS = 10;

describe('workCpuTimeMs', () => {
  it.runIf(process.platform === 'linux')("counts a reaped child's CPU", () => {
    const before = workCpuTimeMs();
    const burn = `const s = process.cpuUsage(); while (process.cpuUsage(s).user + process.cpuUsage(s).system < ${CHILD_CPU_MS * 1000}) {}`;
    expect(spawnSync(process.execPath, ['-e', burn]).status).toBe(0);
    expect(workCpuTimeMs() - before).toBeGreaterThanOrEqual(CHILD_CPU_MS - TICK_MS);
  });
});
