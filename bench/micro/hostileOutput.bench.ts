// What each hostile sequence costs through a pane's emulator (npm run bench:micro): clamped to the
// screen, milliseconds; unclamped, the fastest took 9 s. The tests check the clamp itself
// (tests/unit/term/hostileOutput.test.ts); the time it buys is measured here.

import { afterAll, bench, describe } from 'vitest';
import { Emulator } from '../../src/term/emulator.js';
import { HOSTILE_SEQUENCES } from '../../tests/unit/term/hostileSequences.js';

const emulator = new Emulator({ cols: 200, rows: 50, scrollback: 5000, name: 'bench' });
const parsed = (data: string): Promise<void> => new Promise((resolve) => emulator.write(data, resolve));
afterAll(() => emulator.dispose());

describe('hostile sequences through the emulator (200×50, a screen of text first)', () => {
  for (const sequence of HOSTILE_SEQUENCES) {
    bench(JSON.stringify(sequence), async () => {
      await parsed('some text\r\n'.repeat(60));
      await parsed(sequence);
    });
  }
});
