// Fidelity: each program of the corpus shows the same cells and cursor in a tessera pane, read from
// the outer terminal, as it does run directly in a terminal of the pane's size.

import { describe } from 'vitest';
import { TesseraHost } from './hosts.js';
import { defineFidelitySuite } from './suite.js';

/**
 * tessera sends emoji without their joiners (U+200D), and one-cell emoji without VS16, so that a real
 * terminal draws each at the width the pane gave it instead of joining or widening it (xterm.js, the
 * test's outer terminal, draws both forms alike). Everything else about the cells must still match.
 */
const TESSERA_GLYPHS = {
  reason: 'tessera drops ZWJ, and VS16 in one-cell slots, so real terminals keep the pane widths',
  form: (chars: string, width: number) => {
    const joinless = chars.replace(/\u200d/g, '');
    return width === 1 ? joinless.replace(/\ufe0f/g, '') : joinless;
  },
};

describe('fidelity: tessera pane vs direct terminal', () => {
  defineFidelitySuite(() => new TesseraHost('alone'), { glyphForm: TESSERA_GLYPHS });
});

/** Cases whose right edge matters most: wide characters and full-width rows next to the divider. */
const EDGE_CASES = new Set([
  'showcase: unicode',
  'showcase: cursor addressing and erase edge cases',
  'replay: agent-like TUI redraw',
  'replay: recorded claude session',
  'replay: recorded opencode session',
  'vim: TypeScript file in true color, vertical split, visual selection',
]);

describe('fidelity: left pane of a split (a neighbour to the right) vs direct terminal', () => {
  defineFidelitySuite(() => new TesseraHost('left of a split'), { only: (c) => EDGE_CASES.has(c.name), glyphForm: TESSERA_GLYPHS });
});
