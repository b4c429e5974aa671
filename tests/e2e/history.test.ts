// A long history through the real binary: far more lines than xterm keeps in full (the rest live in
// the pane's compact history) read back exactly, by capture-pane (plain and styled) and in scroll mode.

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useAttachedClient } from '../helpers/attached.js';
import { PROMPT_PATTERN, eventually } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c'; // Ctrl+\
const FILLER = 400;

/** Ten styled lines: 16- and 256-color and true-color text, attributes, a curly colored underline, wide and combining characters, a link. */
const BLOCK =
  'for i in $(seq 1 10); do ' +
  "printf '\\033[3%dmrow %d\\033[0m 日本 e\\xcc\\x81 \\033[1;4:3;58;5;196mund\\033[0m \\033[38;5;208;48;2;10;20;30mrgb\\033[0m " +
  "\\033]8;;https://example.com/%d\\033\\\\link\\033]8;;\\033\\\\ \\033[44m  \\033[0m\\n' $((i % 8)) $i $i; done";
const SCRIPT = `${BLOCK}; for i in $(seq 1 ${FILLER}); do echo "filler $i"; done; ${BLOCK}; echo end-of-fill`;

const attach = useAttachedClient();

describe('a long history', () => {
  it('reads back exactly with capture-pane -S -, plain and styled, and in scroll mode', async () => {
    const { t, s } = await attach();
    t.write(`${SCRIPT}\r`);
    await t.waitFor(/^end-of-fill$/m);
    const capture = async (args: string[]) => (await s.cliOk(['capture-pane', ...args])).split('\n').slice(0, -1);

    // The first block went through the compact history, the last one is still on the screen.
    const plain = await capture(['-S', '-']);
    const first = plain.findIndex((line) => line.startsWith('row 1 '));
    const last = plain.findLastIndex((line) => line.startsWith('row 1 '));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(last - first).toBeGreaterThan(FILLER);
    expect(plain[first]).toBe('row 1 日本 e\u0301 und rgb link');
    expect(plain.slice(first, first + 10)).toEqual(plain.slice(last, last + 10));
    expect(plain.slice(first + 10, first + 10 + FILLER)).toEqual(Array.from({ length: FILLER }, (_, i) => `filler ${i + 1}`));
    const styled = await capture(['-S', '-', '--ansi']);
    expect(styled[first]).toMatch(/\x1b\[[0-9;]*31[;m].*row 1/);
    expect(styled[first]).toContain('4:3');
    expect(styled.slice(first, first + 10)).toEqual(styled.slice(last, last + 10));
    const info = JSON.parse(await s.cliOk(['server-info', '--json'])) as { pid: number; memory: { historyLines: number; screenLines: number } };
    expect(info.memory.historyLines).toBeGreaterThan(FILLER - 100);
    // The server started with the allocator setting that gives closed panes' memory back; its panes did not inherit it.
    if (fs.existsSync(`/proc/${info.pid}/environ`)) expect(fs.readFileSync(`/proc/${info.pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_MMAP_THRESHOLD_=131072');

    // Scroll mode: the top of the history is the command line, then the first block.
    t.write(`${PREFIX}[`);
    await t.waitFor(() => /\[0\/\d+\]/.test(t.lines()[0]));
    t.write('g');
    await t.waitFor(() => t.lines().some((line) => line.startsWith('row 1 ')));
    const rowOne = t.lines().find((line) => line.startsWith('row 1 '));
    expect(rowOne?.trimEnd()).toBe('row 1 日本 e\u0301 und rgb link');
    // Searching finds a line that is deep in the compact history.
    t.write('/filler 37\r');
    await t.waitFor(() => t.lines().some((line) => line.startsWith('filler 37')));
    t.write('q');
    await t.waitFor(() => !/\[\d+\/\d+\]/.test(t.lines()[0]));
    t.write('echo "still-live malloc=${MALLOC_MMAP_THRESHOLD_:-unset}"\r');
    await eventually(async () => String(await s.request('capture-pane')), (screen) => screen.includes('still-live malloc=unset'));
    await t.waitFor(PROMPT_PATTERN);
  });
});
