// Scenario: a 2 MB paste into vim (insert mode) and into cat, as a user's terminal sends it. How long
// until its last line shows, and whether the server kept answering control commands meanwhile.
// A server that stops answering is reported as "server froze" once the paste deadline passes.

import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { PASTE_CONTROL_INTERVAL_MS, PASTE_CONTROL_TIMEOUT_MS, PASTE_PROBE_INTERVAL_MS, PASTE_TIMEOUT_MS, PROMPTS_TIMEOUT_MS } from '../settings.js';
import { buildFullWidthLines } from '../lib/colored-text.js';
import { TimeoutError, sleep } from '../lib/deadline.js';
import { formatBytes } from '../lib/format.js';
import { openSession } from '../lib/session.js';

const SENTINEL = 'TESSERA-BENCH-END-OF-PASTE';
/** Plain lines: colors would be typed into vim as text. */
const LINE_WIDTH = 100;
const BRACKETED_PASTE_START = '\x1b[200~';
const BRACKETED_PASTE_END = '\x1b[201~';

/** @type {import('./scenario.js').Scenario<{ bytes: number }, string>} */
export const paste = {
  name: 'paste',
  title: (plan) => `paste ${formatBytes(plan.bytes)} into vim (insert mode) and into cat`,
  figures: [
    { key: 'vimTime', label: 'vim: until the last line shows', unit: 'ms' },
    { key: 'vimServer', label: 'vim: slowest answer at the socket', unit: 'ms' },
    { key: 'vimControl', label: 'vim: slowest list-panes command', unit: 'ms' },
    { key: 'catTime', label: 'cat: until the last line shows', unit: 'ms' },
    { key: 'catServer', label: 'cat: slowest answer at the socket', unit: 'ms' },
    { key: 'catControl', label: 'cat: slowest list-panes command', unit: 'ms' },
  ],
  note: `during the paste, the list-panes command runs every ${PASTE_CONTROL_INTERVAL_MS} ms (its time includes starting the program), and a separate probe asks list-panes at the server's socket every ${PASTE_PROBE_INTERVAL_MS} ms (tmux: its list-panes, a C program that starts in a few ms); the paste is bracketed when the pane asked for it, as a terminal does.`,
  prepare({ benchEnv, plan }) {
    const path = join(benchEnv.files, 'paste.txt');
    const count = Math.ceil(plan.bytes / (LINE_WIDTH + 1));
    const plain = buildFullWidthLines({ count, width: LINE_WIDTH, seed: 11 }).toString('utf8').replace(/\x1b\[[0-9;]*m/g, '');
    writeFileSync(path, `${plain}${SENTINEL}\n`);
    return path;
  },
  async run(context) {
    const text = readFileSync(context.fixture, 'utf8');
    const { server, outer, panes } = await openSession(context, 1);
    const pane = panes[0];
    await server.sendText(pane.id, 'vim -u NONE -N\r');
    await outer.waitForScreen((lines) => lines.filter((line) => line.trimEnd() === '~').length > 5, { timeoutMs: PROMPTS_TIMEOUT_MS, what: 'vim' });
    outer.write('i');
    await outer.waitForScreen((lines) => lines.some((line) => line.includes('-- INSERT --')), { timeoutMs: PROMPTS_TIMEOUT_MS, what: 'vim insert mode' });
    const vim = await timePaste(context, server, outer, text, 'vim');
    outer.write('\x1b:q!\r');
    await outer.waitForScreen((lines) => !lines.some((line) => line.includes(SENTINEL)), { timeoutMs: PROMPTS_TIMEOUT_MS, what: 'vim to quit' });
    await server.sendText(pane.id, 'clear; cat\r');
    await sleep(500);
    const cat = await timePaste(context, server, outer, text, 'cat');
    return { vimTime: vim.time, vimServer: vim.server, vimControl: vim.control, catTime: cat.time, catServer: cat.server, catControl: cat.control };
  },
};

/**
 * @param {import('./scenario.js').RunContext<{ bytes: number }, string>} context
 * @param {import('../drivers/driver.js').Server} server
 * @param {import('../lib/outer-terminal.js').OuterTerminal} outer
 * @param {string} text
 * @param {string} target
 * @returns {Promise<{ time: number, control: number, server: number }>}
 */
async function timePaste(context, server, outer, text, target) {
  const bracketed = outer.terminal.modes.bracketedPasteMode;
  const probe = startProbe(await server.controlProbe(PASTE_PROBE_INTERVAL_MS));
  const startedAt = performance.now();
  outer.write(bracketed ? `${BRACKETED_PASTE_START}${text}${BRACKETED_PASTE_END}` : text);
  let done = false;
  let slowest = 0;
  let froze = false;
  const probing = (async () => {
    while (!done) {
      const sentAt = performance.now();
      try {
        await withTimeout(server.listPanes(), PASTE_CONTROL_TIMEOUT_MS);
      } catch {
        froze = true;
      }
      slowest = Math.max(slowest, performance.now() - sentAt);
      await sleep(PASTE_CONTROL_INTERVAL_MS);
    }
  })();
  try {
    const shownAt = await outer.waitForScreen((lines) => lines.some((line) => line.includes(SENTINEL)), {
      timeoutMs: PASTE_TIMEOUT_MS,
      what: `${context.driver.name}: the end of the paste into ${target}`,
    });
    done = true;
    await probing; // the call under way counts too
    const answers = await probe.stop();
    if (answers.unanswered > 0) froze = true;
    return { time: shownAt - startedAt, control: slowest, server: answers.slowestMs ?? Number.NaN };
  } catch (error) {
    if (error instanceof TimeoutError && froze) throw new TimeoutError(`server froze: pasting into ${target}, list-panes got no answer within ${PASTE_CONTROL_TIMEOUT_MS} ms`);
    throw error;
  } finally {
    done = true;
    await probing;
    await probe.stop();
  }
}

/**
 * Runs bench/tools/control-probe.js until stop(), which resolves with what it saw.
 * @param {import('../drivers/driver.js').Launch} launch
 */
function startProbe(launch) {
  const child = spawn(launch.file, [...launch.args], { env: launch.env, stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    output += text;
  });
  /** @type {Promise<{ answers: number, slowestMs: number | null, unanswered: number }>} */
  const report = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(output));
      } catch {
        reject(new Error(`the control probe printed no report: ${JSON.stringify(output.slice(0, 200))}`));
      }
    });
  });
  return {
    stop() {
      child.stdin.end();
      return report;
    },
  };
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const expired = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError('no answer')), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, expired])).finally(() => clearTimeout(timer));
}
