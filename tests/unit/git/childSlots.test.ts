// Git children take turns: at most GIT_MAX_CHILDREN run at once, the others start in order as turns end,
// a turn ended twice frees one slot only, and a network command (clone, push) never waits behind them.

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ChildSlots } from '../../../src/git/childSlots.js';
import { git, gitSlots } from '../../../src/git/run.js';
import { GIT_MAX_CHILDREN } from '../../../src/limits.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-slots-');

describe('turns for git children', () => {
  it('lets max run, starts the others in order as turns end, and frees a slot once however often a turn ends', async () => {
    const slots = new ChildSlots(2);
    const started: number[] = [];
    const ends: (() => void)[] = [];
    const takers = [1, 2, 3, 4].map((n) => slots.take().then((end) => (started.push(n), ends.push(end))));
    await Promise.all(takers.slice(0, 2));
    expect(started).toEqual([1, 2]);
    expect(slots.load).toEqual({ running: 2, waiting: 2 });
    ends[0]?.();
    ends[0]?.(); // a second end of the same turn gives nothing away
    await takers[2];
    expect(started).toEqual([1, 2, 3]);
    expect(slots.load).toEqual({ running: 2, waiting: 1 });
    ends[1]?.();
    await takers[3];
    for (const end of ends.slice(2)) end();
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it(`runs at most ${GIT_MAX_CHILDREN} local git children at once; all of them answer`, async () => {
    const dir = fs.realpathSync(tmp.dir());
    const runs = Array.from({ length: 10 }, () => git(dir, ['--version']));
    expect(gitSlots.load).toEqual({ running: GIT_MAX_CHILDREN, waiting: 10 - GIT_MAX_CHILDREN });
    const network = git(dir, ['--version'], { network: true });
    expect(gitSlots.load.running).toBe(GIT_MAX_CHILDREN);
    for (const result of await Promise.all([...runs, network])) expect(result.stdout).toMatch(/^git version/);
    expect(gitSlots.load).toEqual({ running: 0, waiting: 0 });
  });
});
