// Text from outside in the chrome: every string of the model is drawn with its control characters as
// marks, in its own row and cut to its own width, in headers, the status bar and every dialog.

import { describe, expect, it } from 'vitest';
import type { ChromeModel, Overlay } from '../../../src/app/chromeModel.js';
import { OffscreenChrome } from '../../../src/app/offscreenChrome.js';
import { visibleModel } from '../../../src/app/visibleModel.js';
import { addPaneRect } from '../../../src/app/addPane/geometry.js';
import { initialAddPaneState } from '../../../src/app/addPane/reducer.js';
import { confirmEndRect } from '../../../src/app/confirmEnd/geometry.js';
import { confirmEndState } from '../../../src/app/confirmEnd/model.js';
import { newWorkspaceRect } from '../../../src/app/newWorkspace/geometry.js';
import { initialNewWorkspaceState } from '../../../src/app/newWorkspace/reducer.js';
import { paletteRect } from '../../../src/app/palette/geometry.js';
import { initialPaletteState, shownItems } from '../../../src/app/palette/model.js';
import { ansiToCells } from '../../../src/term/ansiToCells.js';

/** A line break, a carriage return, a clipboard write, concealed text, a C1 CSI and a bidi override. */
const HOSTILE = 'a\nb\rc\x1b]52;c;eA==\x07d\x1b[8me\u009b2Jf\u202eg';
const SHOWN = 'a^Jb^Mc^[]52;c;eA==^Gd^[[8me<U+009B>2Jf<U+202E>g';
const COLS = 120;
const ROWS = 30;

function model(overlay: Overlay = { kind: 'none' }): ChromeModel {
  return {
    cols: COLS,
    rows: ROWS,
    headers: [{ id: 1, rect: { x: 0, y: 0, width: COLS, height: 1 }, title: `bash ${HOSTILE}`, status: 'idle', focused: true, zoomed: false, attention: false }],
    dividers: [],
    strip: [{ name: 'main', state: 'idle', current: true }],
    status: { workspace: 'main', paneCount: 1, prefixPending: false, prefixLabel: 'C-\\', hintKeys: { help: '?' }, needYou: 0, message: { text: `cannot read ${HOSTILE}`, tone: 'error' } },
    overlay,
  };
}

function screenOf(m: ChromeModel): { rows: string[]; texts: string[] } {
  const chrome = new OffscreenChrome(m);
  const grid = ansiToCells(chrome.text, m.cols, m.rows);
  chrome.dispose();
  const rows = Array.from({ length: m.rows }, (_, y) => grid.rowText(y));
  const texts: string[] = [];
  for (let i = 0; i < m.cols * m.rows; i++) texts.push(grid.textAt(i));
  return { rows, texts };
}

/** No cell holds a control or bidi character, and the header and status bar stay in their rows. */
function expectShownAsMarks(m: ChromeModel, inside: string[]): void {
  const { rows, texts } = screenOf(m);
  expect(texts.filter((t) => /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(t))).toEqual([]);
  expect(rows[0]).toContain(`● 1 bash ${SHOWN}`);
  expect(rows[ROWS - 1]).toContain(`cannot read ${SHOWN}`);
  for (const text of inside) expect(rows.some((r) => r.includes(text)), `${text} on screen:\n${rows.join('\n')}`).toBe(true);
}

describe('visibleModel', () => {
  it('returns the same objects when nothing needs a mark, and copies only what does', () => {
    const plain = { a: 'x', list: [{ b: 'y', n: 3 }], flag: true, none: undefined };
    expect(visibleModel(plain)).toBe(plain);
    const mixed = { keep: { a: 'x' }, change: ['ok', 'bad\x1b'] };
    const shown = visibleModel(mixed);
    expect(shown).toEqual({ keep: { a: 'x' }, change: ['ok', 'bad^['] });
    expect(shown.keep).toBe(mixed.keep);
    expect(mixed.change[1]).toBe('bad\x1b');
  });

  it('skips the walk when the JSON text it is given holds nothing to mark', () => {
    const plain = { a: 'x', list: ['y'] };
    expect(visibleModel(plain, JSON.stringify(plain))).toBe(plain);
    const hostile = { a: 'x', list: ['y\u009b'] };
    expect(visibleModel(hostile, JSON.stringify(hostile))).toEqual({ a: 'x', list: ['y<U+009B>'] });
  });
});

describe('the chrome with text from outside', () => {
  it('draws headers and the status bar with marks, each in its own row', () => {
    expectShownAsMarks(model(), []);
  });

  it('draws the new-workspace dialog: a branch, a template description, the repository', () => {
    let state = initialNewWorkspaceState({ kind: 'worktree', folder: '/r', repo: `/r${HOSTILE}`, taken: [], branchPrefix: 'feat/', templates: [{ name: 'evil', description: `desc ${HOSTILE}` }] });
    state = { ...state, repoInfo: { status: 'ready', repo: state.text.repo, branches: [{ name: `b${HOSTILE}` }] }, branchMode: 'existing', branch: `b${HOSTILE}`, templateIndex: 0, focus: 'template' };
    const m = model({ kind: 'new-workspace', state, rect: newWorkspaceRect(COLS, ROWS, state) });
    expectShownAsMarks(m, [`desc ${SHOWN}`.slice(0, 40), `b${SHOWN}`.slice(0, 30)]);
  });

  it('draws the add-pane dialog: an agent label and install hint from the settings', () => {
    const rows = [{ kind: 'agent' as const, agent: 'mine', label: `Mine ${HOSTILE}`, installed: false, installHint: `get it ${HOSTILE}`, models: [`m${HOSTILE}`] }];
    const state = initialAddPaneState(rows);
    expectShownAsMarks(model({ kind: 'add-pane', state, rect: addPaneRect(COLS, ROWS, rows) }), [`Mine ${SHOWN}`.slice(0, 15), `get it ${SHOWN}`.slice(0, 30)]);
  });

  it('draws the palette: file names; its search matches what is shown, so the server and the drawing agree', () => {
    const items = [{ id: `n${HOSTILE}.txt`, label: `n${HOSTILE}.txt` }, { id: 'plain.txt', label: 'plain.txt' }];
    const state = { ...initialPaletteState('View a file', items), query: 'U+202E' };
    expect(shownItems(state).map((s) => s.item.id)).toEqual([`n${HOSTILE}.txt`]);
    expect(shownItems(visibleModel(state)).map((s) => s.item.label)).toEqual([`n${SHOWN}.txt`]);
    expectShownAsMarks(model({ kind: 'palette', purpose: 'view', state, rect: paletteRect(COLS, ROWS, items.length) }), [`n${SHOWN}.txt`.slice(0, 30)]);
  });

  it('draws the confirm-end dialog: the folder, the head (branch and commit subject), file names', () => {
    const git = { head: `0123456789ab b: ${HOSTILE}`, checkedOut: `b${HOSTILE}`, dirty: [], untracked: [`u${HOSTILE}`], conflicts: [], ignored: [], unpushed: 0, unpushedRefs: [], reflogOnly: 0, noRemote: false, stashes: 0 };
    const facts = { name: 'w', kind: 'worktree' as const, path: `/w${HOSTILE}`, branch: `b${HOSTILE}`, base: 'main', runningPanes: [], git, unreadable: null, folderProblems: [] };
    const state = confirmEndState('rm', facts);
    expectShownAsMarks(model({ kind: 'confirm-end', state, rect: confirmEndRect(COLS, ROWS, state) }), [`/w${SHOWN}`.slice(0, 30), `b: ${SHOWN}`.slice(0, 30), `u${SHOWN}`.slice(0, 20)]);
  });
});
