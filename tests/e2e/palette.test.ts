// The command palette through the real binary: opened with the prefix and ':' or 'p', fuzzy search,
// Enter runs the chosen action, Esc closes, and the keys shown are the keys in force.

import { describe, expect, it } from 'vitest';
import { useAttachedClient } from '../helpers/attached.js';
import { eventually } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c';
const attached = useAttachedClient();

describe('the command palette', () => {
  it('runs the action chosen by a fuzzy search', async () => {
    const { t, s } = await attached();
    t.write(`${PREFIX}:`);
    await t.waitFor(/Run an action {2}\d+\/\d+/);
    await t.waitFor(/split-right +split: new pane to the right +\| %/);
    t.write('spdown');
    // The best match comes first, right under the search line, selected.
    await t.waitFor(() => {
      const lines = t.lines();
      const search = lines.findIndex((l) => l.includes('Search spdown'));
      return search >= 0 && /split-down/.test(lines[search + 1]);
    });
    t.write('\r');
    const panes = await eventually(() => s.listPanes(), (p) => p.length === 2);
    // split-down puts the new pane below the first.
    expect(panes[1].rect!.y).toBeGreaterThan(panes[0].rect!.y);
    await t.waitFor(() => !t.text().includes('Run an action'));
  });

  it('opens with p too, moves with the arrows, and closes with Esc without running anything', async () => {
    const { t, s } = await attached({ keys: { zoom: 'Z' } });
    t.write(`${PREFIX}p`);
    await t.waitFor('Run an action');
    t.write('zoom');
    await t.waitFor(/zoom +zoom the focused pane.* Z /);
    t.write('\x1b');
    await t.waitFor(() => !t.text().includes('Run an action'));
    expect(await s.listPanes()).toHaveLength(1);
    expect(t.text()).not.toContain('[zoomed]');
    // After the palette is gone, keys go to the pane again.
    t.write('echo palette-gone\r');
    await t.waitFor(/^palette-gone/m);
  });
});
