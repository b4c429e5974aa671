// Programs that ask their terminal for its colors (OSC 10/11/4) are told the colors of the user's
// terminal: vim picks the same background inside a pane as directly in that terminal.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox } from '../helpers/outerTerminal.js';

interface Theme {
  name: 'light' | 'dark';
  foreground: string;
  background: string;
}

const LIGHT: Theme = { name: 'light', foreground: 'rgb:1e1e/1e1e/1e1e', background: 'rgb:fafa/fafa/f0f0' };
const DARK: Theme = { name: 'dark', foreground: 'rgb:d0d0/d0d0/d0d0', background: 'rgb:1010/1212/1818' };
const VIM = ['-u', 'NONE', '-N', '-i', 'NONE', '-n'];

let sandbox: TesseraSandbox;
const terminals: OuterTerminal[] = [];

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  for (const t of terminals.splice(0)) t.dispose();
  await sandbox.cleanup();
});

/** A test terminal that answers like a real one in `theme`: device queries, and its colors when asked. */
function terminal(args: string[], theme: Theme | undefined, file?: string): OuterTerminal {
  const t = new OuterTerminal(args, { env: sandbox.env, cwd: sandbox.root, cols: 90, rows: 26, file });
  terminals.push(t);
  if (theme) {
    t.term.onData((reply) => t.write(reply));
    const answer = (code: string, color: string) => (data: string) => {
      if (data !== '?') return false;
      t.write(`\x1b]${code};${color}\x07`);
      return true;
    };
    t.term.parser.registerOscHandler(10, answer('10', theme.foreground));
    t.term.parser.registerOscHandler(11, answer('11', theme.background));
  }
  return t;
}

/**
 * What vim's `background` option is, read off its message line. vim asks for the background at startup
 * and sets the option when the answer comes, so it is read again until it says `expected` (or time is up).
 */
async function vimBackground(t: OuterTerminal, expected: string): Promise<string> {
  await t.waitFor(/^~/m);
  // Typing before vim has read the answer makes it drop the answer (in any terminal): let it arrive first.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const deadline = Date.now() + 10_000;
  let found = '';
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    t.write(`:echo "bg${attempt}=" . &background\r`);
    await t.waitFor(() => {
      found = new RegExp(`bg${attempt}=(light|dark)`).exec(t.text())?.[1] ?? '';
      return found !== '';
    });
    if (found === expected) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return found;
}

describe('colors asked by programs', () => {
  for (const theme of [LIGHT, DARK]) {
    it(`make vim pick the same background in a pane as directly in a ${theme.name} terminal`, async () => {
      const direct = await vimBackground(terminal(VIM, theme, 'vim'), theme.name);
      const inPane = await vimBackground(terminal(['-L', sandbox.socketName, 'new', '-s', 'w', '--', 'vim', ...VIM], theme), theme.name);
      expect(direct).toBe(theme.name);
      expect(inPane).toBe(direct);
    });
  }

  it('include every palette entry of the terminal, 0 to 255', async () => {
    const t = terminal(['-L', sandbox.socketName], DARK);
    // This terminal's palette: entry N is gray N (a color no default palette has for 200).
    const gray = (n: number) => n.toString(16).padStart(2, '0').repeat(2);
    t.term.parser.registerOscHandler(4, (data) => {
      const [index, query] = data.split(';');
      if (query !== '?') return false;
      const n = Number(index);
      t.write(`\x1b]4;${n};rgb:${gray(n)}/${gray(n)}/${gray(n)}\x07`);
      return true;
    });
    await t.waitFor(PROMPT_PATTERN);
    const probe =
      "process.stdin.setRawMode(true);let got='';process.stdin.on('data',d=>got+=d);" +
      "process.stdout.write('\\x1b]4;200;?\\x07\\x1b]4;3;?\\x07');setTimeout(()=>{console.log('answer:'+JSON.stringify(got).replace(/\\\\u001b/g,'E'));process.exit(0)},1500)";
    t.write(`node -e "${probe}"\r`);
    await t.waitFor(/^answer:/m);
    expect(t.text()).toContain('4;200;rgb:c8c8/c8c8/c8c8');
    expect(t.text()).toContain('4;3;rgb:0303/0303/0303');
  });

  it('follow the terminal that attached last, and are not answered when it does not answer', async () => {
    const light = terminal(['-L', sandbox.socketName], LIGHT);
    await light.waitFor(PROMPT_PATTERN);
    light.kill();
    const dark = terminal(['-L', sandbox.socketName, 'attach'], DARK);
    await dark.waitFor(PROMPT_PATTERN);
    dark.write(`vim ${VIM.join(' ')}\r`);
    expect(await vimBackground(dark, 'dark')).toBe('dark');
    dark.write(':q!\r');
    await dark.waitFor(PROMPT_PATTERN);
    dark.kill();

    const silent = terminal(['-L', sandbox.socketName, 'attach'], undefined);
    await silent.waitFor(PROMPT_PATTERN);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // past the wait for its (missing) answers
    const probe =
      "process.stdin.setRawMode(true);let got='';process.stdin.on('data',d=>got+=d);" +
      "process.stdout.write('\\x1b]11;?\\x07');setTimeout(()=>{console.log('answer:'+(got?JSON.stringify(got):'none'));process.exit(0)},1500)";
    silent.write(`node -e "${probe}"\r`);
    await silent.waitFor(/^answer:/m);
    expect(silent.text()).toMatch(/^answer:none/m);
  });
});

describe('replies of the terminal that arrive in parts', () => {
  // Cut after the ESC, after its introducer, and a third of the way in.
  for (const [where, cutAt] of [['ESC', () => 1], ['ESC ]', () => 2], ['a third', (length: number) => Math.floor(length / 3)]] as const) {
    it(`are put back together and never typed into the pane, cut after ${where}`, async () => {
      const t = new OuterTerminal(['-L', sandbox.socketName, 'new', '-s', 'w'], { env: sandbox.env, cwd: sandbox.root, cols: 90, rows: 26 });
      terminals.push(t);
      // Like replies over a slow SSH link: the terminal answers both queries, and the bytes arrive cut in
      // two, the rest far later than a lone ESC is waited for.
      let replies = '';
      let sent: Promise<void> | undefined;
      const answer = (code: string, color: string) => (data: string) => {
        if (data !== '?') return false;
        replies += `\x1b]${code};${color}\x1b\\`;
        sent ??= new Promise((resolve) => {
          setTimeout(() => {
            const cut = cutAt(replies.length);
            t.write(replies.slice(0, cut));
            setTimeout(() => resolve(t.write(replies.slice(cut))), 300);
          }, 50); // both queries come in one write: answer them together
        });
        return true;
      };
      t.term.parser.registerOscHandler(10, answer('10', DARK.foreground));
      t.term.parser.registerOscHandler(11, answer('11', DARK.background));
      await t.waitFor(PROMPT_PATTERN);
      await t.waitFor(() => sent !== undefined);
      await sent;
      // Whatever reached the shell came before this line: the shell shows it (echo on) ahead of the marker.
      t.write('echo parts-done\r');
      await t.waitFor(/^parts-done/m);
      expect(t.text()).not.toMatch(/rgb:|\]1[01];/);
    });
  }
});
