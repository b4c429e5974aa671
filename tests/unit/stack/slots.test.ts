// Slots and ports of a workspace's stack (pure rules): the slot its panes have when free, else the
// lowest; ports prefer base + slot, step by 100 around what is taken, keep what was recorded.

import { describe, expect, it } from 'vitest';
import { choosePorts, pickSlot, portCandidates } from '../../../src/server/stack/slots.js';

describe('pickSlot', () => {
  it('takes the preferred slot when free, else the lowest free, and none past the maximum', () => {
    expect(pickSlot(new Set([1, 2]), 10, 5)).toBe(5);
    expect(pickSlot(new Set([1, 5]), 10, 5)).toBe(2);
    expect(pickSlot(new Set([1, 2, 3]), 3)).toBeUndefined();
    expect(pickSlot(new Set(), 3, 7)).toBe(1);
  });
});

describe('choosePorts', () => {
  it('prefers base + slot, steps by 100 around a listening port and one another workspace recorded', () => {
    expect(portCandidates(3000, 3)).toEqual([3003, 3103, 3203, 3303, 3403, 3503, 3603, 3703, 3803, 3903]);
    expect(choosePorts({ web: 3000 }, 3, {}, new Set(), new Set())).toEqual({ web: { port: 3003 } });
    expect(choosePorts({ web: 3000 }, 3, {}, new Set([3003]), new Set([3103]))).toEqual({ web: { port: 3203 } });
  });

  it('reuses the recorded port even when the preferred one is free again; drops it when taken meanwhile', () => {
    expect(choosePorts({ web: 3000 }, 3, { web: 3103 }, new Set(), new Set())).toEqual({ web: { port: 3103 } });
    expect(choosePorts({ web: 3000 }, 3, { web: 3103 }, new Set([3103]), new Set())).toEqual({ web: { port: 3003 } });
  });

  it('says busy with the preferred port when every candidate is taken; names never share a port', () => {
    const all = new Set(portCandidates(3000, 3));
    expect(choosePorts({ web: 3000 }, 3, {}, all, new Set())).toEqual({ web: { busy: true, preferred: 3003 } });
    expect(choosePorts({ a: 3000, b: 3000 }, 1, {}, new Set(), new Set())).toEqual({ a: { port: 3001 }, b: { port: 3101 } });
  });
});
