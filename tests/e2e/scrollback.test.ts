// Scroll mode through the real binary: reading the history, new output while scrolled, search with
// highlights and counts, and copying to the outer terminal's clipboard (OSC 52) and a copy command.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAttachedTerminal } from '../helpers/attached.js';
import { type OuterTerminal, PROMPT_PATTERN, eventually } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c'; // Ctrl+\
const world = useAttachedTerminal();
const start = world.start;

const header = (t: OuterTerminal) => t.lines()[0];
const statusBar = (t: OuterTerminal) => t.lines()[t.term.rows - 1];
/** The pane's first row on the outer screen (row 0 is its header). */
const firstPaneRow = (t: OuterTerminal) => t.lines()[1];
const osc52 = (text: string) => `\x1b]52;c;${Buffer.from(text).toString('base64')}\x07`;

/** 120 numbered rows, with "found needle N" after rows 40, 80 and 120 (the command itself does not contain it). */
async function fillHistory(t: OuterTerminal): Promise<void> {
  await t.waitFor(PROMPT_PATTERN);
  t.write('for i in $(seq 1 120); do echo "row $i"; [ $((i % 40)) = 0 ] && echo "found nee""dle $i"; done\r');
  await t.waitFor(/found needle 120\n/);
}

describe('scroll mode', () => {
  it('reads the history, holds still while output arrives, and returns to live with q', async () => {
    const t = await start();
    await fillHistory(t);
    t.write(`${PREFIX}[`);
    await t.waitFor(() => /\[0\/\d+\]/.test(header(t)));
    const history = Number(/\[0\/(\d+)\]/.exec(header(t))?.[1]);
    expect(history).toBeGreaterThan(90);
    t.write('g');
    await t.waitFor(() => firstPaneRow(t).startsWith('tsh$ for i in'));
    expect(t.lines()[2]).toBe('row 1');
    expect(header(t)).toContain(`[${history}/${history}]`);
    const { rows } = (await world.sandbox().listPanes())[0];
    const halfPage = `row ${Math.floor(rows / 2)}`;
    t.write('\x04'); // Ctrl+d: half a page forward
    await t.waitFor(() => firstPaneRow(t) === halfPage);

    // Output arriving meanwhile does not move the view; the position counts the new lines.
    await world.sandbox().cliOk(['send-keys', '-t', '1', 'echo fresh-$((6*7))', 'Enter']);
    await eventually(() => world.sandbox().capturePane('1'), (screen) => /^fresh-42$/m.test(screen));
    await t.waitFor(() => /\[\d+\/\d+\]/.test(header(t)) && Number(/\[\d+\/(\d+)\]/.exec(header(t))?.[1]) > history);
    expect(firstPaneRow(t)).toBe(halfPage);
    expect(t.text()).not.toContain('fresh-42');

    t.write('q');
    await t.waitFor(/^fresh-42$/m);
    expect(header(t)).not.toMatch(/\[\d+\/\d+\]/);
    t.write('echo typed-after\r');
    await t.waitFor(/^typed-after$/m);
  });

  it('enters with the prefix and PageUp a page back, and moves with the arrows', async () => {
    const t = await start();
    await fillHistory(t);
    const { rows } = (await world.sandbox().listPanes())[0];
    const page = rows - 1; // a page keeps one line of the last one in view
    t.write(`${PREFIX}\x1b[5~`);
    await t.waitFor(() => header(t).includes(`[${page}/`));
    t.write('\x1b[5~'); // PageUp again
    await t.waitFor(() => header(t).includes(`[${2 * page}/`));
    t.write('G');
    await t.waitFor(() => /\[0\/\d+\]/.test(header(t)));
    // The copy cursor is on the last line; Up past the top of the pane scrolls by one line.
    for (let i = 0; i < rows; i++) t.write('\x1b[A');
    await t.waitFor(() => /\[1\/\d+\]/.test(header(t)));
    t.write('\x1b');
    await t.waitFor(() => !/\[\d+\/\d+\]/.test(header(t)));
  });

  it('searches older and newer output with wrapping, highlights every match and shows the count', async () => {
    const t = await start();
    await fillHistory(t);
    t.write(`${PREFIX}[`);
    t.write('?needle\r');
    await t.waitFor(() => statusBar(t).includes('"needle": match 3 of 3'));
    t.write('n');
    await t.waitFor(() => statusBar(t).includes('"needle": match 2 of 3'));
    // The current match (after row 80) is drawn in orange, the others in yellow.
    const row80 = t.lines().findIndex((l) => l === 'found needle 80');
    expect(row80).toBeGreaterThan(0);
    const at = (x: number, y: number) => t.cell(x, y);
    expect(at(6, row80)?.isBgPalette()).toBeTruthy();
    expect(at(6, row80)?.getBgColor()).toBe(208);
    expect(at(5, row80)?.getBgColor()).not.toBe(208); // "found " is not part of the match
    t.write('k'.repeat(3) + '?needle\r'); // from above it, the previous match is the one after row 40
    await t.waitFor(() => statusBar(t).includes('"needle": match 1 of 3'));
    const row40 = t.lines().findIndex((l) => l === 'found needle 40');
    const other = t.lines().findIndex((l) => l === 'found needle 80');
    expect(at(6, row40)?.getBgColor()).toBe(208);
    if (other > 0) expect(at(6, other)?.getBgColor()).toBe(3);
    t.write('N'); // the other way: toward newer output
    await t.waitFor(() => statusBar(t).includes('"needle": match 2 of 3'));
    t.write('N');
    await t.waitFor(() => statusBar(t).includes('"needle": match 3 of 3'));
    t.write('N'); // past the newest: wraps around to the oldest
    await t.waitFor(() => /"needle": match 1 of 3 \(search wrapped around\)/.test(statusBar(t)));
    t.write('/no-such-text\r');
    await t.waitFor(() => statusBar(t).includes('"no-such-text": no match'));
    t.write('q');
    await t.waitFor(() => !/\[\d+\/\d+\]/.test(header(t)));
  });

  it('copies a selection to the outer clipboard with OSC 52 and leaves scroll mode', async () => {
    const t = await start();
    await fillHistory(t);
    t.write(`${PREFIX}[?needle 80\r`);
    await t.waitFor(() => statusBar(t).includes('"needle 80": match 1 of 1'));
    t.write('y'); // nothing selected yet
    await t.waitFor(() => statusBar(t).includes('nothing selected'));
    expect(t.output).not.toContain('\x1b]52;');
    t.write('0v$y');
    await t.waitFor(() => statusBar(t).includes('copied 15 characters (1 line)'));
    expect(t.output).toContain(osc52('found needle 80'));
    await t.waitFor(() => !/\[\d+\/\d+\]/.test(header(t)));

    // V: whole lines (two of them); Ctrl+v: a rectangle.
    t.write(`${PREFIX}[?row 79\r`);
    await t.waitFor(() => statusBar(t).includes('match'));
    t.write('Vj\r');
    await t.waitFor(() => statusBar(t).includes('(2 lines)'));
    expect(t.output).toContain(osc52('row 79\nrow 80'));
    t.write(`${PREFIX}[?row 77\r`);
    await t.waitFor(() => statusBar(t).includes('match'));
    t.write('ll\x16jjlly');
    await t.waitFor(() => statusBar(t).includes('(3 lines)'));
    expect(t.output).toContain(osc52('w 7\nw 7\nw 7'));
  });

  it('refuses a copy over the clipboard limit, and pipes copies to the configured command', async () => {
    const sink = path.join(process.env.TMPDIR ?? '/tmp', `tessera-copy-${process.pid}-${Date.now()}.txt`);
    const t = await start({ clipboardLimit: 10, copyCommand: `tee ${sink}` });
    await fillHistory(t);
    t.write(`${PREFIX}[?needle 80\r`);
    await t.waitFor(() => statusBar(t).includes('"needle 80": match 1 of 1'));
    t.write('0v$y');
    await t.waitFor(() => /copy refused: 15 bytes is over the clipboard limit of 10 bytes/.test(statusBar(t)));
    expect(t.output).not.toContain('\x1b]52;');
    expect(header(t)).toMatch(/\[\d+\/\d+\]/); // still in scroll mode, selection kept
    const row = t.lines().indexOf('found needle 80');
    expect(t.cell(0, row)?.isInverse()).toBeTruthy();
    t.write('\x1b'); // Esc drops the selection (and stays in scroll mode)
    await t.waitFor(() => !t.cell(0, row)?.isInverse());
    expect(header(t)).toMatch(/\[\d+\/\d+\]/);
    t.write('0vllly'); // "foun" is 4 characters
    await t.waitFor(() => statusBar(t).includes('copied 4 characters'));
    expect(t.output).toContain(osc52('foun'));
    await eventually(() => (fs.existsSync(sink) ? fs.readFileSync(sink, 'utf8') : ''), (text) => text === 'foun');
    fs.rmSync(sink, { force: true });
  });
});
