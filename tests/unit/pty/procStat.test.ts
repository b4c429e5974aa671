// Parsing /proc/<pid>/stat, whose program name may contain spaces and parentheses.

import { describe, expect, it } from 'vitest';
import { parseProcStat, readProcStat } from '../../../src/pty/procStat.js';

describe('parseProcStat', () => {
  it('reads the fields after the last parenthesis', () => {
    const stat = parseProcStat('4242 (evil) (name) 1 2) S 1 4242 4242 34816 5000 4194560 0 0 0 0 0 0 0 0 20 0 1 0 987654 0 0');
    expect(stat).toEqual({ pid: 4242, comm: 'evil) (name) 1 2', state: 'S', ppid: 1, pgrp: 4242, session: 4242, tpgid: 5000, startTime: 987654 });
  });

  it('rejects text that is not a stat line', () => {
    expect(parseProcStat('garbage')).toBeUndefined();
    expect(parseProcStat('12 (x) S 1 2')).toBeUndefined();
  });

  it('reads our own process', () => {
    expect(readProcStat(process.pid)).toMatchObject({ pid: process.pid, ppid: process.ppid });
    expect(readProcStat(-1)).toBeUndefined();
  });
});
