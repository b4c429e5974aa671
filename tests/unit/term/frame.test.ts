import { describe, expect, it } from 'vitest';
import { CellGrid, DEFAULT_COLOR, paletteColor } from '../../../src/term/cellGrid.js';
import { frameBytes, type Frame, type FrameCursor } from '../../../src/term/frame.js';
import { copyGrid, randomEdit, randomGrid, seeded } from './randomGrid.js';
import { outerTerminal, screenDifferences, writeAll, type HeadlessTerminal } from './xtermScreen.js';

const OPTS = { trueColor: true };
const SYNC_BEGIN = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';
const HIDE = '\x1b[?25l';
const SHOW = '\x1b[?25h';

const cursorAt = (x: number, y: number, visible = true, shape = 0): FrameCursor => ({ x, y, visible, shape });

/** Follows what the outer terminal's cursor looks like: DECTCEM visibility and DECSCUSR shape. */
function watchCursor(term: HeadlessTerminal): { visible: boolean; shape: number } {
  const seen = { visible: true, shape: 0 };
  const dectcem = (visible: boolean) => (params: (number | number[])[]) => {
    if (params.includes(25)) seen.visible = visible;
    return false;
  };
  term.parser.registerCsiHandler({ prefix: '?', final: 'h' }, dectcem(true));
  term.parser.registerCsiHandler({ prefix: '?', final: 'l' }, dectcem(false));
  term.parser.registerCsiHandler({ intermediates: ' ', final: 'q' }, (params) => {
    seen.shape = typeof params[0] === 'number' ? params[0] : 0;
    return false;
  });
  return seen;
}

function sample(): CellGrid {
  const g = new CellGrid(10, 3);
  for (const [x, ch] of [...'tessera'].entries()) g.set(x, 0, ch, 1, paletteColor(2), DEFAULT_COLOR, 0);
  return g;
}

describe('frameBytes', () => {
  it('is empty when neither cells nor cursor changed', () => {
    const a: Frame = { grid: sample(), cursor: cursorAt(3, 1) };
    const b: Frame = { grid: copyGrid(a.grid), cursor: cursorAt(3, 1) };
    expect(frameBytes(a, b, OPTS)).toBe('');
  });

  it('wraps a full repaint in synchronized output with the cursor hidden, then places, shapes and shows it', () => {
    const bytes = frameBytes(null, { grid: sample(), cursor: cursorAt(3, 1, true, 5) }, OPTS);
    expect(bytes.startsWith(SYNC_BEGIN + HIDE + '\x1b[H')).toBe(true);
    expect(bytes.endsWith('\x1b[2;4H\x1b[5 q' + SHOW + '\x1b[0m' + SYNC_END)).toBe(true);
  });

  it('only moves the cursor when only the cursor moved', () => {
    const grid = sample();
    const bytes = frameBytes({ grid, cursor: cursorAt(0, 0) }, { grid: copyGrid(grid), cursor: cursorAt(9, 2) }, OPTS);
    expect(bytes).toBe(SYNC_BEGIN + '\x1b[3;10H\x1b[0m' + SYNC_END);
  });

  it('sends the shape only when it changed, and hides or shows the cursor only when that changed', () => {
    const grid = sample();
    const same = copyGrid(grid);
    expect(frameBytes({ grid, cursor: cursorAt(1, 1, true, 0) }, { grid: same, cursor: cursorAt(1, 1, true, 2) }, OPTS)).toBe(
      SYNC_BEGIN + '\x1b[2 q\x1b[0m' + SYNC_END,
    );
    expect(frameBytes({ grid, cursor: cursorAt(1, 1) }, { grid: same, cursor: cursorAt(1, 1, false) }, OPTS)).toBe(
      SYNC_BEGIN + HIDE + '\x1b[0m' + SYNC_END,
    );
    const changed = copyGrid(grid);
    changed.set(5, 2, 'x', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    const whileHidden = frameBytes({ grid, cursor: cursorAt(1, 1, false) }, { grid: changed, cursor: cursorAt(1, 1, false) }, OPTS);
    expect(whileHidden).not.toContain(HIDE);
    expect(whileHidden).not.toContain(SHOW);
  });

  it('keeps a cursor past the edge inside the screen', () => {
    const bytes = frameBytes(null, { grid: sample(), cursor: cursorAt(10, 7) }, OPTS);
    expect(bytes).toContain('\x1b[3;10H');
  });

  it('leaves the outer terminal showing every frame of a random sequence, cursor included', async () => {
    const random = seeded(5);
    const term = outerTerminal(24, 8);
    const cursor = watchCursor(term);
    let shown: Frame | null = null;
    for (let step = 0; step < 60; step++) {
      const grid: CellGrid = shown === null || random() < 0.1 ? randomGrid(random, 24, 8) : random() < 0.5 ? randomEdit(random, shown.grid) : copyGrid(shown.grid);
      const next: Frame = {
        grid,
        cursor: cursorAt(Math.floor(random() * 24), Math.floor(random() * 8), random() < 0.7, Math.floor(random() * 7)),
      };
      if (shown !== null && random() < 0.2) next.cursor = { ...shown.cursor };
      await writeAll(term, frameBytes(shown, next, OPTS));
      expect(screenDifferences(term, grid).slice(0, 3)).toEqual([]);
      expect([term.buffer.active.cursorX, term.buffer.active.cursorY]).toEqual([next.cursor.x, next.cursor.y]);
      expect(cursor).toEqual({ visible: next.cursor.visible, shape: next.cursor.shape });
      expect(term.modes.synchronizedOutputMode).toBe(false);
      shown = next;
    }
  });
});
