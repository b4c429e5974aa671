// The differ's cost on a 200×50 screen: a full repaint and a one-cell change (npm run bench:micro).

import { bench, describe } from 'vitest';
import { CellGrid, DEFAULT_COLOR, paletteColor, rgbColor } from '../../src/term/cellGrid.js';
import { diffFrames } from '../../src/term/differ.js';
import { copyGrid, randomGrid, seeded } from '../../tests/unit/term/randomGrid.js';

const TRUE_COLOR = { trueColor: true };

/** A screen like an agent's: bordered, mostly text in runs of a few colors, some blank tails. */
function typicalScreen(cols: number, rows: number): CellGrid {
  const random = seeded(11);
  const g = new CellGrid(cols, rows);
  const words = ['const', 'frame', '=', 'diff(prev,', 'next);', '// why', 'return', '●', 'tessera', '中文', '✓'];
  for (let y = 0; y < rows; y++) {
    g.set(0, y, '│', 1, paletteColor(8), DEFAULT_COLOR, 0);
    g.set(cols - 1, y, '│', 1, paletteColor(8), DEFAULT_COLOR, 0);
    const end = 2 + Math.floor(random() * (cols - 4));
    let color = DEFAULT_COLOR;
    for (let x = 2; x < end; ) {
      if (random() < 0.1) color = random() < 0.5 ? DEFAULT_COLOR : rgbColor(200, 120, Math.floor(random() * 255));
      for (const ch of words[Math.floor(random() * words.length)] + ' ') {
        const wide = ch === '中' || ch === '文';
        if (x + (wide ? 1 : 0) >= end) break;
        g.set(x, y, ch, wide ? 2 : 1, color, DEFAULT_COLOR, 0);
        x += wide ? 2 : 1;
      }
    }
  }
  return g;
}

for (const [name, full] of [
  ['random cells', randomGrid(seeded(3), 200, 50)],
  ['typical screen', typicalScreen(200, 50)],
] as const) {
  const changed = copyGrid(full);
  changed.set(100, 25, '#', 1, rgbColor(9, 9, 9), DEFAULT_COLOR, 0);
  describe(`diffFrames 200×50 ${name}`, () => {
    bench('full repaint', () => {
      diffFrames(null, full, TRUE_COLOR);
    });
    bench('one cell changed', () => {
      diffFrames(full, changed, TRUE_COLOR);
    });
  });
}
