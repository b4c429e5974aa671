// Decoding a 1 MB bracketed paste that arrives in 4 KB reads (npm run bench:micro).

import { bench } from 'vitest';
import { InputDecoder } from '../../src/term/keys/decode.js';

const ESC = '\x1b';
const text = 'x'.repeat(1 << 20);

bench('InputDecoder: 1 MB paste in 4 KB pieces', () => {
  const decoder = new InputDecoder();
  decoder.feed(`${ESC}[200~`);
  for (let i = 0; i < text.length; i += 4096) decoder.feed(text.slice(i, i + 4096));
  decoder.feed(`${ESC}[201~`);
});
