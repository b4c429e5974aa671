// Large input through the real binary: pastes and send-keys of megabytes arrive intact and in order,
// progress shows while a paste is written, and a pane that does not read its input stalls only itself.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KILL_GRACE_MS, MAX_QUEUED_INPUT_BYTES } from '../../src/limits.js';
import { ControlProbe, answersBetween, describeLatency, timedRequest } from '../helpers/controlProbe.js';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';
import { rssBytes } from '../helpers/processMemory.js';

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';
/** A paste or a big send-keys on a loaded 2-core machine: vim alone needs ~15 s for 2 MB there. */
const SLOW_MS = 180_000;

let sandbox: TesseraSandbox | undefined;
const terminals: OuterTerminal[] = [];

afterEach(async () => {
  for (const t of terminals.splice(0)) t.dispose();
  await sandbox?.cleanup();
  sandbox = undefined;
});

const MB = 1 << 20;
/** How much of a huge paste the test writes to the outer terminal at a time. */
const WRITE_PIECE_CHARS = 64 << 10;

/** Lines of varied printable text (shorter than a terminal line's 4 KB limit), about `bytes` long. */
function bigText(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `${i}:${'abcdefghijklmnopqrstuvwxyz'.slice(i % 26)}${'0123456789'.repeat(i % 9)}\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

function attach(s: TesseraSandbox, args: string[]): OuterTerminal {
  const t = new OuterTerminal(['-L', s.socketName, ...args], { env: s.env, cwd: s.root, cols: 100, rows: 30, keepOutput: false });
  terminals.push(t);
  return t;
}

async function fileHolds(file: string, bytes: number): Promise<void> {
  await eventually(() => (fs.existsSync(file) ? fs.statSync(file).size : -1), (size) => size >= bytes, SLOW_MS);
}

describe('large input', () => {
  it('a 2 MB bracketed paste reaches vim in insert mode intact, shows its progress, and control commands keep answering', async () => {
    sandbox = new TesseraSandbox();
    const saved = path.join(sandbox.root, 'saved.txt');
    const t = attach(sandbox, ['new', '-s', 'w', '-c', sandbox.root, '--', 'vim', '-u', 'NONE', '-N', '-n', '-i', 'NONE']);
    await t.waitFor(/~\s*\n~/);
    t.write('i');
    await t.waitFor('-- INSERT --');
    const text = bigText(2 << 20);
    const probe = new ControlProbe(sandbox);
    const begin = performance.now();
    t.write(PASTE_START + text + PASTE_END);
    // The pane's header says how far the paste has got while it is written.
    await t.waitFor(/pasting \d+%/, SLOW_MS);
    const shownAt = performance.now();
    await t.waitFor(() => !/pasting \d+%/.test(t.text()), SLOW_MS);
    const doneAt = performance.now();
    const latency = await probe.stop();
    const pasteMs = Math.round(doneAt - begin);
    t.write('\x1b');
    await t.waitFor(() => !t.text().includes('-- INSERT --'));
    t.write(`:w ${saved}\r`);
    await fileHolds(saved, text.length);
    // vim ends the buffer with the empty line the paste's last newline started.
    expect(fs.readFileSync(saved, 'utf8')).toBe(`${text}\n`);
    console.log(`2 MB paste into vim: ${pasteMs} ms; ${describeLatency('meanwhile', latency)}`);
    // Before the input queue, the server stopped answering for good: now it answers while the paste is
    // still going in (its progress was on screen before and after these answers).
    expect(answersBetween(latency, shownAt, doneAt)).toBeGreaterThan(0);
  }, SLOW_MS + 60_000);

  it('a 2 MB paste into cat (echo on) arrives intact', async () => {
    sandbox = new TesseraSandbox();
    const saved = path.join(sandbox.root, 'cat.txt');
    const t = attach(sandbox, ['new', '-s', 'w', '-c', sandbox.root]);
    await t.waitFor(PROMPT_PATTERN);
    t.write(`cat > ${saved}\r`);
    await eventually(() => fs.existsSync(saved), Boolean);
    const text = bigText(2 << 20);
    const probe = new ControlProbe(sandbox);
    const begin = Date.now();
    t.write(PASTE_START + text + PASTE_END);
    await fileHolds(saved, text.length);
    const latency = await probe.stop();
    t.write('\x04');
    expect(fs.readFileSync(saved, 'utf8')).toBe(text);
    console.log(`2 MB paste into cat: ${Date.now() - begin} ms; ${describeLatency('meanwhile', latency)}`);
    expect(latency.count).toBeGreaterThan(0);
  }, SLOW_MS + 60_000);

  it('a 50 MB paste arrives intact and in order, with the server answering and its memory bounded', async () => {
    sandbox = new TesseraSandbox();
    const saved = path.join(sandbox.root, 'big.txt');
    const t = attach(sandbox, ['new', '-s', 'w', '-c', sandbox.root]);
    await t.waitFor(PROMPT_PATTERN);
    // No echo: the paste is measured, not 50 MB of it drawn back.
    t.write(`stty -echo; cat > ${saved}\r`);
    await eventually(() => fs.existsSync(saved), Boolean);
    const { pid } = JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number };
    const rssBefore = rssBytes(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(pid))), 100);
    const text = bigText(50 << 20);
    const probe = new ControlProbe(sandbox);
    const begin = Date.now();
    let lastPieceAt = 0;
    let doneAt = 0;
    try {
      // In pieces, with a turn of this process's event loop between them: node-pty writes to the outer
      // terminal in a loop until the kernel takes it all, and the probe, which runs here too, must not
      // wait behind 50 MB of that.
      const paste = PASTE_START + text + PASTE_END;
      for (let i = 0; i < paste.length; i += WRITE_PIECE_CHARS) {
        t.write(paste.slice(i, i + WRITE_PIECE_CHARS));
        await new Promise((resolve) => setImmediate(resolve));
      }
      lastPieceAt = performance.now();
      await fileHolds(saved, text.length);
      doneAt = performance.now();
    } finally {
      clearInterval(sampler);
    }
    const latency = await probe.stop();
    t.write('\x04');
    expect(fs.readFileSync(saved, 'utf8') === text).toBe(true); // not toBe(text): a 50 MB diff helps nobody
    console.log(
      `50 MB paste into cat: ${Date.now() - begin} ms; server RSS ${Math.round(rssBefore / MB)} MB, peak ${Math.round(rssPeak / MB)} MB; ${describeLatency('meanwhile', latency)}`,
    );
    // At most the paste itself waits in the pane's queue (MAX_QUEUED_INPUT_BYTES), once.
    expect(rssPeak - rssBefore).toBeLessThan(MAX_QUEUED_INPUT_BYTES + 100 * MB);
    // The server answers while the paste it has taken is still being written into the pane (tens of MB
    // wait in its queue when the last piece arrives; cat has all of it only at the end).
    expect(answersBetween(latency, lastPieceAt, doneAt)).toBeGreaterThan(0);
  }, SLOW_MS + 60_000);

  it('send-keys of 10 MB arrives intact and in order', async () => {
    sandbox = new TesseraSandbox();
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', sandbox.root]);
    const [pane] = await sandbox.listPanes();
    await eventually(() => sandbox!.capturePane(String(pane.id)), (s) => PROMPT_PATTERN.test(s));
    const saved = path.join(sandbox.root, 'keys.txt');
    await sandbox.cliOk(['send-keys', '-t', String(pane.id), `stty -echo; cat > ${saved}`, 'Enter']);
    await eventually(() => fs.existsSync(saved), Boolean);
    const text = bigText(10 << 20);
    // Too big for a command line: sent as one request on the socket, in 4 KB keys (the per-key limit).
    const keys: string[] = [];
    for (let i = 0; i < text.length; i += 4096) keys.push(text.slice(i, i + 4096));
    const begin = Date.now();
    const sent = await timedRequest(sandbox, 'send-keys', { pane: String(pane.id), keys, literal: true });
    await fileHolds(saved, text.length);
    expect(fs.readFileSync(saved, 'utf8')).toBe(text);
    console.log(`send-keys of 10 MB: answered in ${sent.ms.toFixed(0)} ms, all in the file after ${Date.now() - begin} ms`);
  }, SLOW_MS + 60_000);

  it('a pane that never reads its input stalls only itself, and kill-pane ends it', async () => {
    sandbox = new TesseraSandbox();
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', sandbox.root]);
    const [shell] = await sandbox.listPanes();
    await eventually(() => sandbox!.capturePane(String(shell.id)), (s) => PROMPT_PATTERN.test(s));
    const sleeper = Number((await sandbox.cliOk(['split', '-t', String(shell.id), '--right', '-d', '--', 'sleep', '1000'])).trim());
    // Far more than the PTY's buffer holds: the rest waits in tessera's queue for this pane.
    const keys = Array.from({ length: 256 }, () => 'x'.repeat(4096));
    await timedRequest(sandbox, 'send-keys', { pane: String(sleeper), keys, literal: true });
    const probe = new ControlProbe(sandbox);
    const typed = Date.now();
    await sandbox.cliOk(['send-keys', '-t', String(shell.id), 'echo still-$((40+2))', 'Enter']);
    await eventually(() => sandbox!.capturePane(String(shell.id)), (s) => s.includes('still-42'));
    const echoMs = Date.now() - typed;
    const latency = await probe.stop();
    console.log(`beside a pane with 1 MB of unread input: the other pane echoed in ${echoMs} ms; ${describeLatency('meanwhile', latency)}`);
    expect(latency.count).toBeGreaterThan(0);
    // kill-pane does not wait on the input the pane never read (a hang fails the test's deadline).
    await sandbox.cliOk(['kill-pane', '-t', String(sleeper)]);
    expect((await sandbox.listPanes()).map((p) => p.id)).toEqual([shell.id]);
  }, SLOW_MS);

  it('SIGTERM shuts the server down even while a pane is wedged with unread input', async () => {
    sandbox = new TesseraSandbox();
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', sandbox.root, '--', 'sleep', '1000']);
    const [pane] = await sandbox.listPanes();
    const keys = Array.from({ length: 256 }, () => 'x'.repeat(4096));
    await timedRequest(sandbox, 'send-keys', { pane: String(pane.id), keys, literal: true });
    const { pid } = JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number };
    const alive = (id: number | null): boolean => {
      if (id === null || id <= 1) return false; // never probe kill(-1) or kill(0)
      try {
        process.kill(id, 0);
        return true;
      } catch {
        return false;
      }
    };
    const begin = Date.now();
    process.kill(pid, 'SIGTERM');
    await eventually(() => alive(pid) || alive(pane.pid), (running) => !running, KILL_GRACE_MS + 20_000);
    console.log(`SIGTERM with a wedged pane: server and pane gone after ${Date.now() - begin} ms`);
  }, SLOW_MS);
});
