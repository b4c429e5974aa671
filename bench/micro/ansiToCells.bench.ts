// Turning a 200×50 frame of Ink's chrome text into cells (npm run bench:micro).

import { bench } from 'vitest';
import { ansiToCells } from '../../src/term/ansiToCells.js';

const line = '\x1b[32m│\x1b[39m \x1b[1m● claude\x1b[22m  \x1b[38;2;200;120;0mrunning\x1b[39m 中文 …' + ' '.repeat(150) + '\x1b[32m│\x1b[39m';
const frame = Array.from({ length: 50 }, () => line).join('\n');

bench('ansiToCells of a 200×50 chrome frame', () => {
  ansiToCells(frame, 200, 50);
});
