// The server's replacement for Ink's Output (src/app/ink/chromeOutput.ts) must give exactly the
// text Ink's own gives, for anything the chrome can write: styled, wide and multi-line text,
// overlapping writes, clipping, transformers, and writes partly or wholly off the grid.

import { describe, expect, it } from 'vitest';
import InkOutput from '../../../node_modules/ink/build/output.js';
import ChromeOutput from '../../../src/app/ink/chromeOutput.js';
import widestLine, { SINGLE_CELL_TEXT, lineWidth } from '../../../src/app/ink/widestLine.js';
import stringWidth from 'string-width';
import inkWidestLine from 'widest-line';

type Transformer = (line: string, index: number) => string;
type Op =
  | { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
  | { type: 'clip'; clip: { x1: number | undefined; x2: number | undefined; y1: number | undefined; y2: number | undefined } }
  | { type: 'unclip' };

function render(Output: typeof InkOutput | typeof ChromeOutput, width: number, height: number, ops: Op[]): string {
  const output = new Output({ width, height });
  for (const op of ops) {
    if (op.type === 'write') output.write(op.x, op.y, op.text, { transformers: op.transformers });
    else if (op.type === 'clip') output.clip(op.clip);
    else output.unclip();
  }
  return output.get().output;
}

const both = (width: number, height: number, ops: Op[]) => ({ ours: render(ChromeOutput, width, height, ops), ink: render(InkOutput, width, height, ops) });

const red = (s: string) => `\x1b[31m${s}\x1b[39m`;
const bold = (s: string) => `\x1b[1m${s}\x1b[22m`;
const onBlue = (s: string) => `\x1b[44m${s}\x1b[49m`;
const write = (x: number, y: number, text: string, transformers: Transformer[] = []): Op => ({ type: 'write', x, y, text, transformers });

describe('ChromeOutput', () => {
  it('writes a header, a divider and a status bar as Ink does', () => {
    const ops: Op[] = [
      write(0, 0, onBlue(bold(`${red('●')} 1 bash ~/work `)) + ' '.repeat(20)),
      ...Array.from({ length: 5 }, (_, i) => write(40, 1 + i, '│', [(s) => `\x1b[90m${s}\x1b[39m`])),
      write(0, 9, `${onBlue(' main ')} 2 panes  ${red('1 needs you')}`),
    ];
    const { ours, ink } = both(80, 10, ops);
    expect(ours).toBe(ink);
  });

  it('draws wide characters, emoji and overlapping writes as Ink does', () => {
    const { ours, ink } = both(30, 4, [write(0, 0, '漢字 and 👍 here'), write(3, 0, red('over')), write(1, 1, 'a\nb\nc\nd\ne'), write(28, 2, '漢字')]);
    expect(ours).toBe(ink);
  });

  it('clips as Ink does', () => {
    const clip = { type: 'clip', clip: { x1: 2, x2: 10, y1: 1, y2: 3 } } as const;
    const ops: Op[] = [clip, write(0, 0, 'abcdefghijklmnop\nqrstuvwxyz0123\n' + red('styled text here') + '\nlast line'), write(20, 1, 'outside'), { type: 'unclip' }, write(0, 4, 'after')];
    const { ours, ink } = both(20, 5, ops);
    expect(ours).toBe(ink);
  });

  it('skips writes off the grid as Ink does', () => {
    const { ours, ink } = both(10, 3, [write(-2, 0, 'left edge'), write(0, -1, 'above\nstill above'), write(8, 1, 'past the end'), write(15, 2, 'far right'), write(0, 3, 'below')]);
    expect(ours).toBe(ink);
  });

  it('draws a row again when its writes change, and reuses it when they come back', () => {
    const frame = (headerX: number): Op[] => [write(headerX, 0, onBlue(' 1 bash ')), write(30, 0, '│'), write(0, 1, `${red('●')} 2 vim`)];
    for (const headerX of [0, 5, 0, 5, 31]) {
      const { ours, ink } = both(40, 2, frame(headerX));
      expect(ours).toBe(ink);
    }
  });

  it('matches Ink on random writes', () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T,>(items: T[]): T => items[Math.floor(random() * items.length)];
    const words = ['pane', ' ', '  ', '│', '●', '漢字', '👍', 'é', 'x', '─'.repeat(7), 'idle', '[zoomed]'];
    const styles = [(s: string) => s, red, bold, onBlue, (s: string) => red(bold(s)), (s: string) => onBlue(red(s))];
    const transformers: Transformer[] = [(s) => `\x1b[32m${s}\x1b[39m`, (s, i) => (i % 2 ? s.toUpperCase() : s), (s) => bold(s)];
    for (let round = 0; round < 300; round++) {
      const width = 1 + Math.floor(random() * 40);
      const height = 1 + Math.floor(random() * 8);
      const ops: Op[] = [];
      let open = 0;
      for (let n = Math.floor(random() * 12); n > 0; n--) {
        const roll = random();
        if (roll < 0.1) {
          const edge = (): number | undefined => (random() < 0.2 ? undefined : Math.floor(random() * (width + 4)) - 2);
          ops.push({ type: 'clip', clip: { x1: edge(), x2: edge(), y1: edge(), y2: edge() } });
          open++;
        } else if (roll < 0.15 && open > 0) {
          ops.push({ type: 'unclip' });
          open--;
        } else {
          const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
            Array.from({ length: Math.floor(random() * 5) }, () => pick(styles)(pick(words))).join(''),
          );
          const chosen = transformers.filter(() => random() < 0.2);
          ops.push(write(Math.floor(random() * (width + 6)) - 3, Math.floor(random() * (height + 3)) - 1, lines.join('\n'), chosen));
        }
      }
      const { ours, ink } = both(width, height, ops);
      expect(ours, JSON.stringify({ width, height, ops: ops.map((op) => (op.type === 'write' ? { ...op, transformers: op.transformers.length } : op)) })).toBe(ink);
    }
  });
});

describe('widestLine', () => {
  it('measures as the package does, again and again', () => {
    for (const text of ['', 'abc', '漢字\nab', red('styled') + '\n👍👍', 'é\n\n   ', '● 1 bash … │ ─── ←→ ·', red('●') + ' ⚠ ©', 'e\u0301 ↔ ▶', '\u00ad']) {
      expect(widestLine(text)).toBe(inkWidestLine(text));
      expect(widestLine(text)).toBe(inkWidestLine(text));
    }
  });

  it('counts directly only characters that are one cell alone and beside any other', () => {
    const segmenter = new Intl.Segmenter();
    let counted = 0;
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      if (!SINGLE_CELL_TEXT.test(char)) continue;
      counted++;
      expect(stringWidth(char), `U+${code.toString(16)}`).toBe(1);
      expect(/\p{Extended_Pictographic}/u.test(char), `U+${code.toString(16)}`).toBe(false);
      expect([...segmenter.segment(`a${char}${char}\u00e9`)].length, `U+${code.toString(16)}`).toBe(4);
      expect(lineWidth(`${char}x${char}`)).toBe(3);
    }
    expect(counted).toBeGreaterThan(500);
  });
});
