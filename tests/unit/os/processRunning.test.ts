// A process counts as running until it has exited; a zombie waiting to be reaped does not.

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isProcessRunning } from '../../../src/os/processRunning.js';

describe('isProcessRunning', () => {
  it('is true for this process and false for a pid that exited (even before it is reaped)', async () => {
    expect(isProcessRunning(process.pid)).toBe(true);
    const child = spawn('sh', ['-c', 'exit 0']);
    const pid = child.pid as number;
    // Not reaped until 'exit' is handled: for a moment it is a zombie, which must count as gone.
    await new Promise((resolve) => child.once('exit', resolve));
    expect(isProcessRunning(pid)).toBe(false);
  });
});
