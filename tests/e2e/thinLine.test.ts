// Typing over a thin line while another pane floods: the client's terminal is reached through a line
// that carries 16 KB/s with 2 MB in flight (an SSH session over a slow link; the terminal answers
// queries only once what came before them has arrived, see bench/lib/throttled-line.js). Frames that
// fill such a line would hold a key's echo back by half a minute (2 MB / 16 KB/s: two minutes); tessera asks the
// terminal what it has drawn and keeps about one frame in flight, so every key comes back, the
// flooding pane keeps moving, and Ctrl-C of the flood brings its prompt back.

import { afterEach, describe, expect, it } from 'vitest';
import { OuterTerminal, PROMPT, TesseraSandbox } from '../helpers/outerTerminal.js';

/**
 * A thin line: 128 kbit/s with 2 MB in flight. A flood's frames (~6 KB, 12 a second) would fill it four times
 * faster than it carries them, holding an echo back by far more than any wait below allows.
 */
const LINE = { bytesPerSecond: 16 << 10, inFlightBytes: 2 << 20 };
/** Big enough that a flood's frames are big (every word has its own color): they would fill the line many times over. */
const SIZE = { cols: 160, rows: 50 };
/** Typed one at a time, each waited for: letters neither the prompt nor the flood contains. */
const KEYS = 'QXZKVJ';
/** Endless numbered lines, every word colored: `line N` grows as long as the pane is drawn anew. */
const FLOOD =
  "awk 'BEGIN { for (n = 1; ; n++) { printf \"line %d\", n; for (w = 0; w < 12; w++) printf \" \\033[38;5;%dmword%d....\", 16 + (n * 12 + w) % 216, w; print \"\\033[0m\" } }'";

let sandbox: TesseraSandbox | undefined;
let terminal: OuterTerminal | undefined;

afterEach(async () => {
  terminal?.dispose();
  terminal = undefined;
  await sandbox?.cleanup();
  sandbox = undefined;
});

/** The highest `line N` the screen shows (0 when none). */
function newestLine(t: OuterTerminal): number {
  return Math.max(0, ...[...t.text().matchAll(/line (\d+)/g)].map((match) => Number(match[1])));
}

const prompts = (t: OuterTerminal) => t.text().split(PROMPT).length - 1;

describe('a thin line to the terminal while a pane floods', () => {
  it('echoes every key, keeps drawing the flood, and shows the prompt again after Ctrl-C', async () => {
    sandbox = new TesseraSandbox();
    const s = sandbox;
    await s.cliOk(['new', '-d', '-s', 'w', '-c', s.root]);
    const [typing] = await s.listPanes();
    await s.cliOk(['split', '-t', String(typing.id), '--right', '-d', '-c', s.root]);
    const flooding = (await s.listPanes()).find((pane) => pane.id !== typing.id);
    if (!flooding) throw new Error('the split made no second pane');
    const t = new OuterTerminal(['-L', s.socketName, 'attach', '-t', 'w'], { env: s.env, cwd: s.root, ...SIZE, keepOutput: false, line: LINE });
    terminal = t;
    await t.waitFor(() => prompts(t) >= 2);

    await s.cliOk(['send-keys', '-t', String(flooding.id), '--literal', `${FLOOD}\r`]);
    await t.waitFor(() => newestLine(t) > 0);

    // Each key comes back while the flood goes on, in order, and the flood is drawn anew after each.
    let typed = '';
    for (const key of KEYS) {
      const before = newestLine(t);
      t.write(key);
      typed += key;
      await t.waitFor(`${PROMPT} ${typed}`);
      await t.waitFor(() => newestLine(t) > before);
    }
    expect(prompts(t)).toBe(1); // the flood had scrolled its own prompt away: it was still flooding

    // Ctrl-C in the flooding pane (the prefix, then `o` focuses it): its prompt comes back.
    t.write('\x1co');
    t.write('\x03');
    await t.waitFor(() => prompts(t) >= 2);
    expect(t.text()).toContain(`${PROMPT} ${KEYS}`);
    console.log(`thin line: at most ${Math.round((t.line?.peakInFlight ?? 0) / 1024)} KB were on their way at once`);
  }, 120_000);
});
