// Fidelity: each program of the corpus shows the same cells and cursor in a tessera pane, read from
// the outer terminal, as it does run directly in a terminal of the pane's size.

import { describe } from 'vitest';
import { TesseraHost } from './hosts.js';
import { defineFidelitySuite } from './suite.js';

describe('fidelity: tessera pane vs direct terminal', () => {
  defineFidelitySuite(() => new TesseraHost('alone'));
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
  defineFidelitySuite(() => new TesseraHost('left of a split'), { only: (c) => EDGE_CASES.has(c.name) });
});
