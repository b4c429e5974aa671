// Which processes belong to a service (pure, from a /proc snapshot): its session's members started
// after it, children that left the session, never a process that merely got its pid later.

import { describe, expect, it } from 'vitest';
import type { ProcStat } from '../../../src/pty/procStat.js';
import { serviceProcesses } from '../../../src/server/stack/serviceProcesses.js';

const proc = (pid: number, ppid: number, session: number, startTime: number, state = 'S'): ProcStat => ({ pid, comm: 'x', state, ppid, pgrp: session, session, tpgid: -1, startTime });

describe('serviceProcesses', () => {
  it('finds the leader and its tree, children first', () => {
    const all = [proc(100, 1, 100, 50), proc(101, 100, 100, 51), proc(102, 101, 100, 52), proc(7, 1, 7, 1)];
    expect(serviceProcesses({ pid: 100, startTime: 50 }, all).map((s) => s.pid)).toEqual([102, 101, 100]);
  });

  it('finds what a leader that exited left in its session, and a child that made its own session', () => {
    const all = [proc(101, 1, 100, 51), proc(120, 101, 120, 60), proc(121, 120, 120, 61)];
    expect(serviceProcesses({ pid: 100, startTime: 50 }, all).map((s) => s.pid).sort()).toEqual([101, 120, 121]);
  });

  it('leaves alone a process that got the pid later, and its own session, and zombies', () => {
    const reused = [proc(100, 1, 100, 90), proc(130, 100, 100, 95)];
    expect(serviceProcesses({ pid: 100, startTime: 50 }, reused)).toEqual([]);
    // Our orphan (started before the reuse) is still ours.
    expect(serviceProcesses({ pid: 100, startTime: 50 }, [...reused, proc(101, 1, 100, 60)]).map((s) => s.pid)).toEqual([101]);
    expect(serviceProcesses({ pid: 100, startTime: 50 }, [proc(100, 1, 100, 50, 'Z')])).toEqual([]);
    // Older than the service: never its child, whatever its session says.
    expect(serviceProcesses({ pid: 100, startTime: 50 }, [proc(99, 1, 100, 10)])).toEqual([]);
  });
});
