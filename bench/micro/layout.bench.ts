// Laying out a split tree of 16 panes (npm run bench:micro): arithmetic, expected in microseconds.

import { bench } from 'vitest';
import { layoutTree } from '../../src/mosaic/layout.js';
import { splitPane } from '../../src/mosaic/tree.js';
import type { LayoutNode } from '../../src/mosaic/types.js';
import { area, pane } from '../../tests/unit/mosaic/trees.js';

let tree: LayoutNode = pane(0);
for (let id = 1; id < 16; id++) tree = splitPane(tree, id - 1, id, id % 2 === 0 ? 'right' : 'down');
const bounds = area(240, 70);

bench('layoutTree of 16 panes at 240×70', () => {
  layoutTree(tree, bounds);
});
