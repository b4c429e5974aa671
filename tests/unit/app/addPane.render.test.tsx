// The "add a pane" dialog drawn off-screen the way the chrome is: what a user reads in each row.

process.env.FORCE_COLOR = '3';
process.env.COLORTERM = 'truecolor';

import { EventEmitter } from 'node:events';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Rect } from '../../../src/app/chromeModel.js';
import type { AddPaneRow, AddPaneState } from '../../../src/app/addPane/model.js';
import { addPaneRect } from '../../../src/app/addPane/geometry.js';
import { initialAddPaneState, reduceAddPane } from '../../../src/app/addPane/reducer.js';
import type { AddPaneKey } from '../../../src/app/addPane/keymap.js';
import { Attr, paletteColor, type CellGrid } from '../../../src/term/cellGrid.js';
import { ansiToCells } from '../../../src/term/ansiToCells.js';

// Ink decides on colors when it is first loaded: load it after FORCE_COLOR is set.
const { Box, Text, render } = await import('ink');
const { AddPaneDialog } = await import('../../../src/app/addPane/AddPaneDialog.js');

class VirtualStdout extends EventEmitter {
  readonly isTTY = true;
  lastFrame = '';
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write(chunk: string): boolean {
    this.lastFrame = chunk;
    return true;
  }
}

class SilentStdin extends EventEmitter {
  readonly isTTY = false;
  setRawMode = (): this => this;
  setEncoding = (): this => this;
  read = (): null => null;
  ref = (): this => this;
  unref = (): this => this;
}

/** Renders `element` into a cols×rows virtual terminal, as offscreenChrome does, and parses the frame. */
function renderOffscreen(element: ReactElement, cols: number, rows: number): CellGrid {
  const stdout = new VirtualStdout(cols, rows);
  const instance = render(element, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: new SilentStdin() as unknown as NodeJS.ReadStream,
    debug: true,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  const grid = ansiToCells(stdout.lastFrame, cols, rows);
  instance.unmount();
  instance.cleanup();
  return grid;
}

interface Screen {
  lines: string[];
  grid: CellGrid;
  rect: Rect;
}

/** The dialog over a cols×rows screen; `underneath` fills the screen first, as panes' chrome would. */
function screen(state: AddPaneState, cols = 80, rows = 24, underneath?: string): Screen {
  const rect = addPaneRect(cols, rows, state.rows);
  // Like ChromeRoot: a screen-sized box the dialog is placed in.
  const element = (
    <Box width={cols} height={rows}>
      {underneath ? (
        <Box position="absolute" flexDirection="column">
          {Array.from({ length: rows }, (_, y) => (
            <Text key={y}>{underneath.repeat(cols)}</Text>
          ))}
        </Box>
      ) : null}
      <AddPaneDialog state={state} rect={rect} />
    </Box>
  );
  const grid = renderOffscreen(element, cols, rows);
  return { lines: Array.from({ length: rows }, (_, y) => grid.rowText(y)), grid, rect };
}

/** The text inside the border, one string per line. */
function inside({ lines, rect }: Screen): string[] {
  return lines.slice(rect.y + 1, rect.y + rect.height - 1).map((l) => l.slice(rect.x + 1, rect.x + rect.width - 1));
}

const ROWS: AddPaneRow[] = [
  { kind: 'agent', agent: 'claude', label: 'Claude Code', installed: true, installHint: 'npm install -g @anthropic-ai/claude-code', models: ['opus', 'sonnet'] },
  { kind: 'agent', agent: 'codex', label: 'Codex', installed: false, installHint: 'npm install -g @openai/codex', models: [] },
  { kind: 'agent', agent: 'opencode', label: 'OpenCode', installed: true, installHint: 'npm install -g opencode-ai', models: [] },
  { kind: 'agent', agent: 'gemini', label: 'Gemini', installed: true, installHint: 'npm install -g @google/gemini-cli', models: ['gemini-2.5-pro'] },
  {
    kind: 'terminal',
    label: 'Terminal',
    profiles: [
      { id: 'bash', label: 'bash', available: true },
      { id: 'zsh', label: 'zsh', available: false },
      { id: 'fish', label: 'fish', available: true },
    ],
  },
];

const key = (name: string, extra: Partial<AddPaneKey> = {}): AddPaneKey => ({ name, ctrl: false, alt: false, shift: false, ...extra });
const press = (state: AddPaneState, ...keys: AddPaneKey[]): AddPaneState => keys.reduce((s, k) => reduceAddPane(s, k).state, state);
const ctrl = (name: string): AddPaneKey => key(name, { ctrl: true });
const typed = (text: string): AddPaneKey[] => [...text].map((ch) => key(ch.toLowerCase(), { char: ch }));

const BLUE = paletteColor(4);

describe('add pane dialog on screen', () => {
  it('fits 80×24 with a title, the search box, a row per agent and the terminal, and the key hints', () => {
    const view = screen(initialAddPaneState(ROWS));
    expect(view.rect.x + view.rect.width).toBeLessThanOrEqual(80);
    expect(view.rect.y + view.rect.height).toBeLessThanOrEqual(24);
    expect(view.lines[view.rect.y].slice(view.rect.x)).toMatch(/^╭─+╮/);
    const text = inside(view);
    expect(text[0]).toMatch(/^ Add a pane\s+$/);
    expect(text[1]).toMatch(/^ Search {3}type to filter\s+$/);
    expect(text[2]).toMatch(/^ › Claude Code +installed +model ‹default› +effort ‹default› +$/);
    expect(text[3]).toMatch(/^ {3}Codex +not installed +npm install -g @openai\/codex +$/);
    expect(text[5]).toMatch(/^ {3}Gemini +installed +model ‹default› +effort ‹default› +$/);
    expect(text.join('\n')).toMatch(/Terminal +shell +‹Default shell› +bash +zsh · unavailable/);
    expect(text.at(-1)).toMatch(/^ C-s split right {2}↑↓ move {2}←→ model {2}Tab effort {2}Enter open {2}Esc close +$/);
  });

  it('lines the effort column up across rows whatever the model names', () => {
    const text = inside(screen(press(initialAddPaneState(ROWS), key('right'))));
    const effortColumns = text.filter((l) => l.includes('effort ‹')).map((l) => l.indexOf('effort ‹'));
    expect(text[2]).toContain('model ‹opus›');
    expect(new Set(effortColumns).size).toBe(1);
  });

  it('highlights the focused row across the whole box and dims rows that are not installed', () => {
    const view = screen(press(initialAddPaneState(ROWS), key('down'), key('down')));
    const rowY = (label: string) => view.lines.findIndex((l) => l.includes(label));
    const { x, width } = view.rect;
    expect(view.grid.cell(x + 2, rowY('OpenCode')).bg).toBe(BLUE);
    expect(view.grid.cell(x + width - 3, rowY('OpenCode')).bg).toBe(BLUE);
    expect(view.grid.cell(x + 4, rowY('Claude Code')).bg).not.toBe(BLUE);
    const codexX = view.lines[rowY('Codex')].indexOf('Codex');
    expect(view.grid.cell(codexX, rowY('Codex')).attrs & Attr.Dim).toBe(Attr.Dim);
    expect(view.grid.cell(view.lines[rowY('OpenCode')].indexOf('OpenCode'), rowY('OpenCode')).attrs & Attr.Dim).toBe(0);
  });

  it('shows what was typed with a caret after it, and only the rows that match', () => {
    const view = screen(press(initialAddPaneState(ROWS), ...typed('gem')));
    const text = inside(view);
    expect(text[1]).toMatch(/^ Search gem +$/);
    const searchY = view.rect.y + 2;
    const caretX = view.lines[searchY].indexOf('gem') + 3;
    expect(view.grid.cell(caretX, searchY).attrs & Attr.Inverse).toBe(Attr.Inverse);
    expect(text.filter((l) => /installed|shell/.test(l))).toHaveLength(1);
    expect(text.join('\n')).toContain('Gemini');
    expect(text.at(-1)).toContain('Esc clear');
  });

  it('says when nothing matches', () => {
    expect(inside(screen(press(initialAddPaneState(ROWS), ...typed('zzz')))).join('\n')).toContain('nothing matches "zzz"');
  });

  it('shows the chosen shell and which side the pane goes, after the keys that change them', () => {
    const s = press(initialAddPaneState(ROWS), ...typed('ter'), key('right'), key('right'), ctrl('s'));
    const text = inside(screen(s)).join('\n');
    expect(text).toMatch(/› Terminal +shell +Default shell +bash +zsh · unavailable/);
    expect(text).toMatch(/^ +‹fish› +$/m);
    expect(text).toContain('C-s split down');
    expect(text).toContain('←→ shell');
    expect(text).not.toContain('Tab effort');
  });

  it('covers whatever is underneath, so nothing shows through inside the box', () => {
    const view = screen(press(initialAddPaneState(ROWS), ...typed('gem')), 80, 24, '#');
    expect(inside(view).join('')).not.toContain('#');
    expect(view.lines[0]).toBe('#'.repeat(80));
  });

  it('scrolls to keep the focused row in view on a short screen, and says more rows are above', () => {
    const view = screen(press(initialAddPaneState(ROWS), key('down'), key('down'), key('down'), key('down')), 80, 9);
    const text = inside(view);
    expect(text[0]).toMatch(/^ Add a pane +↑ more $/);
    expect(text.join('\n')).toMatch(/› Terminal/);
    expect(text.join('\n')).not.toContain('Claude Code');
  });

  it('puts the choices under the name on a narrow screen instead of cutting the install command off', () => {
    const text = inside(screen(initialAddPaneState(ROWS), 44, 24));
    const codex = text.findIndex((l) => l.includes('Codex'));
    expect(text[codex]).toMatch(/Codex +not installed/);
    expect(text[codex + 1]).toMatch(/^ {5}npm install -g @openai\/codex +$/);
  });

  it('draws something sensible, never outside the screen, however small the screen is', () => {
    for (const [cols, rows] of [[20, 6], [12, 4], [4, 3], [2, 2], [1, 1], [0, 0]] as const) {
      const view = screen(initialAddPaneState(ROWS), cols, rows);
      expect(view.lines).toHaveLength(rows);
      if (rows >= 2 && cols >= 2) expect(view.lines[0].startsWith('╭')).toBe(true);
    }
    expect(inside(screen(initialAddPaneState(ROWS), 24, 6))[0]).toMatch(/^ Add a pane +↓ more $/);
  });
});
