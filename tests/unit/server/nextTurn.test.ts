// nextTurn: many asks in one turn make one run, after the current work; cancel drops it.

import { describe, expect, it } from 'vitest';
import { nextTurn } from '../../../src/server/nextTurn.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('nextTurn', () => {
  it('runs once after the current work, however often it was asked', async () => {
    const order: string[] = [];
    const soon = nextTurn(() => order.push('run'));
    soon();
    soon();
    order.push('answered');
    soon();
    await turn();
    expect(order).toEqual(['answered', 'run']);
    soon();
    await turn();
    expect(order).toEqual(['answered', 'run', 'run']);
  });

  it('does not run once cancelled', async () => {
    let runs = 0;
    const soon = nextTurn(() => runs++);
    soon();
    soon.cancel();
    await turn();
    expect(runs).toBe(0);
  });
});
