// The harness itself: a screen comparison notices every kind of difference the suite claims to
// check, says where it is, and the recorded streams are what their generator writes.

import path from 'node:path';
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import xtermHeadless from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';
import { compareScreens, formatDiff, readScreen, type AspectName, type ScreenRecord } from './cellCompare.js';
import { FIXTURES } from './cases.js';

const { Terminal } = xtermHeadless;
const { Unicode11Addon } = unicode11;

async function screenOf(bytes: string, cols = 20, rows = 3): Promise<ScreenRecord> {
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  await new Promise<void>((resolve) => term.write(bytes, resolve));
  const screen = readScreen(term);
  term.dispose();
  return screen;
}

describe('screen comparison', () => {
  it('finds no difference between two terminals fed the same bytes', async () => {
    const bytes = '\x1b[1;38;5;208mwide 漢字 🚀\x1b[0m\r\n\x1b[4:3;58;2;1;2;3mcurly\x1b[0m\x1b[?25l';
    expect(compareScreens(await screenOf(bytes), await screenOf(bytes)).ok).toBe(true);
  });

  it('treats an erased cell and a written space as the same', async () => {
    expect(compareScreens(await screenOf('ab\x1b[K\r'), await screenOf('ab   \r')).ok).toBe(true);
  });

  const differences: [string, string, string, AspectName][] = [
    ['a character', 'abc', 'abd', 'chars'],
    ['a wide character drawn narrow', '漢', '\u2500', 'width'],
    ['a foreground color', '\x1b[31mx', '\x1b[32mx', 'fg'],
    ['a true color off by one', '\x1b[48;2;10;20;30mx', '\x1b[48;2;10;20;31mx', 'bg'],
    ['a palette color selected the other way', '\x1b[31mx', '\x1b[38;5;1mx', 'paletteKind'],
    ['bold', '\x1b[1mx', 'x', 'bold'],
    ['dim', '\x1b[2mx', 'x', 'dim'],
    ['italic', '\x1b[3mx', 'x', 'italic'],
    ['underline', '\x1b[4mx', 'x', 'underline'],
    ['blink', '\x1b[5mx', 'x', 'blink'],
    ['inverse', '\x1b[7mx', 'x', 'inverse'],
    ['invisible', '\x1b[8mx', 'x', 'invisible'],
    ['strikethrough', '\x1b[9mx', 'x', 'strikethrough'],
    ['overline', '\x1b[53mx', 'x', 'overline'],
    ['an underline style', '\x1b[4:3mx', '\x1b[4mx', 'underlineStyle'],
    ['an underline color', '\x1b[4;58;5;9mx', '\x1b[4mx', 'underlineColor'],
  ];
  for (const [what, expectedBytes, actualBytes, aspect] of differences) {
    it(`notices ${what}`, async () => {
      const comparison = compareScreens(await screenOf(expectedBytes), await screenOf(actualBytes));
      expect(comparison.ok).toBe(false);
      expect(comparison.cells.flatMap((m) => m.aspects)).toContain(aspect);
    });
  }

  it('reads an underline color reset with SGR 59 as the default underline color', async () => {
    const reset = await screenOf('\x1b[4;58;5;9m\x1b[59mx');
    expect(reset.cells[0][0].underlineColor).toEqual({ mode: 'default', value: -1 });
    expect(compareScreens(reset, await screenOf('\x1b[4mx')).ok).toBe(true);
  });

  it('notices the cursor in another place, hidden, or of another shape', async () => {
    const base = await screenOf('abc');
    expect(compareScreens(base, await screenOf('ab')).cursorMismatch).toBe(true);
    expect(compareScreens(base, await screenOf('abc\x1b[?25l')).cursorMismatch).toBe(true);
    expect(compareScreens(base, await screenOf('abc\x1b[5 q')).cursorMismatch).toBe(true);
  });

  it('excuses an aspect only when told why', async () => {
    const expected = await screenOf('\x1b[1mx');
    const actual = await screenOf('x');
    expect(compareScreens(expected, actual, { ignore: { bold: 'for this test' } }).ok).toBe(true);
  });

  it('prints both rows with markers under the differing cells, then the cells themselves', async () => {
    const expected = await screenOf('same \x1b[31mred\x1b[0m end');
    const actual = await screenOf('same \x1b[32mred\x1b[0m end');
    const comparison = compareScreens(expected, actual);
    const diff = formatDiff(expected, actual, comparison, { expected: 'direct', actual: 'pane' });
    expect(diff).toContain('row  0 direct |same red end');
    expect(diff).toContain('            ^^^');
    expect(diff).toContain('cell (5,0) differs in fg:');
    expect(diff).toContain('direct "r" w1 fg=p16:1');
    expect(diff).toContain('pane   "r" w1 fg=p16:2');
  });
});

describe('recorded streams', () => {
  it('are what generate-streams.mjs writes', async () => {
    const result = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(process.execPath, [path.join(FIXTURES, 'generate-streams.mjs'), '--check'], (error, stdout) =>
        resolve({ code: error ? 1 : 0, out: stdout }),
      );
    });
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  });
});
