// The command palette: typing filters fuzzily, arrows move, Enter chooses, Esc closes; the overlay
// draws the search, the rows with their keys, and covers what is underneath.

import { describe, expect, it } from 'vitest';
import type { ChromeModel } from '../../../src/app/chromeModel.js';
import { OffscreenChrome } from '../../../src/app/offscreenChrome.js';
import { paletteRect } from '../../../src/app/palette/geometry.js';
import { initialPaletteState, shownItems, type PaletteState } from '../../../src/app/palette/model.js';
import { pasteIntoPalette, reducePalette } from '../../../src/app/palette/reducer.js';
import { ansiToCells } from '../../../src/term/ansiToCells.js';

const ITEMS = [
  { id: 'split-right', label: 'split-right', detail: 'split: new pane to the right', keys: '| %' },
  { id: 'split-down', label: 'split-down', detail: 'split: new pane below', keys: '- "' },
  { id: 'zoom', label: 'zoom', detail: 'zoom the focused pane', keys: 'z' },
  { id: 'redraw', label: 'redraw', detail: 'redraw the screen', keys: '' },
];

const key = (name: string, extra: { ctrl?: boolean; char?: string } = {}) => ({ name, ctrl: false, alt: false, ...extra });
function typeText(state: PaletteState, text: string): PaletteState {
  for (const char of text) state = reducePalette(state, key(char, { char })).state;
  return state;
}

describe('command palette state', () => {
  it('filters by what is typed and chooses the selected item with Enter', () => {
    let state = typeText(initialPaletteState('Run an action', ITEMS), 'spd');
    expect(shownItems(state).map((s) => s.item.id)).toEqual(['split-down']);
    expect(reducePalette(state, key('enter')).outcome).toEqual({ choose: 'split-down' });
    state = reducePalette(state, key('backspace')).state;
    state = reducePalette(state, key('backspace')).state;
    expect(state.query).toBe('s');
    state = reducePalette(state, key('down')).state;
    expect(reducePalette(state, key('enter')).outcome).toEqual({ choose: shownItems(state)[1].item.id });
  });

  it('keeps the selection inside the list and closes on Esc or C-c', () => {
    let state = initialPaletteState('x', ITEMS);
    for (let i = 0; i < 10; i++) state = reducePalette(state, key('down')).state;
    expect(state.selected).toBe(ITEMS.length - 1);
    state = reducePalette(state, key('up')).state;
    expect(state.selected).toBe(ITEMS.length - 2);
    expect(reducePalette(state, key('escape')).outcome).toEqual({ close: true });
    expect(reducePalette(state, key('c', { ctrl: true })).outcome).toEqual({ close: true });
  });

  it('chooses nothing when nothing matches, and takes pastes on one line', () => {
    const state = typeText(initialPaletteState('x', ITEMS), 'qqq');
    expect(shownItems(state)).toEqual([]);
    expect(reducePalette(state, key('enter')).outcome).toBeUndefined();
    expect(pasteIntoPalette(initialPaletteState('x', ITEMS), 'zo\r\nom\x1b').state.query).toBe('zo om ');
  });
});

describe('command palette overlay', () => {
  it('draws the title with the count, the search and each row with its key', () => {
    const rect = paletteRect(70, 14, ITEMS.length);
    const state = typeText(initialPaletteState('Run an action', ITEMS), 'split');
    const m: ChromeModel = {
      cols: 70,
      rows: 15,
      headers: [],
      dividers: [{ x: 35, y: 0, width: 1, height: 14 }],
      status: { workspace: 'main', paneCount: 1, prefixPending: false, prefixLabel: 'C-\\', hintKeys: {}, needYou: 0 },
      overlay: { kind: 'palette', purpose: 'action', state, rect },
    };
    const chrome = new OffscreenChrome(m);
    const grid = ansiToCells(chrome.text, m.cols, m.rows);
    const screen = Array.from({ length: m.rows }, (_, y) => grid.rowText(y));
    const inside = screen.slice(rect.y + 1, rect.y + rect.height - 1).map((r) => r.slice(rect.x + 1, rect.x + rect.width - 1));
    expect(inside[0]).toMatch(/Run an action {2}2\/4/);
    expect(inside[1]).toMatch(/Search split/);
    expect(inside[2]).toMatch(/split-right {2}split: new pane to the right +\| % $/);
    expect(inside[3]).toMatch(/split-down {2}split: new pane below +- " $/);
    expect(inside.join('\n')).not.toContain('│');
    chrome.dispose();
  });
});
