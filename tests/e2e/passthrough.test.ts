// What programs send for the user's own terminal reaches it: hyperlinks, the bell, clipboard writes,
// the window title and focus events; checked on the outer terminal's side.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { xtermLinkId, xtermLinkTarget } from '../../src/term/xtermCell.js';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;
const terminals: OuterTerminal[] = [];

function open(args: string[] = [], size = { cols: 100, rows: 30 }): OuterTerminal {
  const t = new OuterTerminal(['-L', sandbox.socketName, ...args], { env: sandbox.env, cwd: sandbox.root, ...size });
  terminals.push(t);
  return t;
}

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  for (const t of terminals.splice(0)) t.dispose();
  await sandbox.cleanup();
});

/** The hyperlink target on the outer screen at (x, y), '' for none. */
function linkAt(t: OuterTerminal, x: number, y: number): string {
  const cell = t.cell(x, y);
  const id = cell ? xtermLinkId(cell) : 0;
  return id === 0 ? '' : (xtermLinkTarget(t.term, id)?.uri ?? '?');
}

describe('passthrough to the outer terminal', () => {
  it('keeps OSC 8 hyperlinks on the cells they cover', async () => {
    const t = open();
    await t.waitFor(PROMPT_PATTERN);
    t.write(`printf 'go to \\033]8;;https://example.com/docs\\033\\\\the docs\\033]8;;\\033\\\\ now\\n'\r`);
    await t.waitFor(/^go to the docs now/m);
    const y = t.lines().findIndex((line) => line.startsWith('go to the docs now'));
    const links = [...'go to the docs now'].map((_, x) => linkAt(t, x, y));
    expect(links.slice(0, 6)).toEqual(Array(6).fill(''));
    expect(links.slice(6, 14)).toEqual(Array(8).fill('https://example.com/docs'));
    expect(links.slice(14)).toEqual(Array(4).fill(''));
    // The prompt drawn after it is not part of the link.
    expect(linkAt(t, 0, y + 1)).toBe('');
  });
});
