// The "outer terminal": the multiplexer's client runs in a 200×50 PTY whose output feeds a
// headless xterm (what the user would see) and a byte counter (what went over the wire).

import nodePty from '@lydell/node-pty';
import xtermHeadless from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';
import {
  OUTER_COLS,
  OUTER_HIGH_WATERMARK,
  OUTER_LOW_WATERMARK,
  OUTER_ROWS,
  OUTER_SCROLLBACK,
  OUTER_TERM,
  SCREEN_CHECK_INTERVAL_MS,
} from '../settings.js';
import { TimeoutError } from './deadline.js';
import { ThrottledLine } from './throttled-line.js';

const { Terminal } = xtermHeadless;
const { Unicode11Addon } = unicode11;

/**
 * @typedef {object} Launch
 * @property {string} file
 * @property {readonly string[]} args
 * @property {Record<string, string>} env
 * @property {string} cwd
 */

/** Lines of the screen shown in error messages when a wait fails. */
const SCREEN_EXCERPT_LINES = 6;

export class OuterTerminal {
  /** Bytes the multiplexer has written to this terminal so far. */
  bytes = 0;
  /** @type {Set<(chunk: Buffer, at: number) => void>} */
  #rawListeners = new Set();
  /** @type {Set<() => void>} */
  #parsedListeners = new Set();
  #pending = 0;
  #paused = false;
  #disposed = false;

  /** Why the PTY is paused: the parser is behind, the line is full (both may hold it). */
  /** @type {Set<'parser' | 'line'>} */
  #holds = new Set();
  /** The thin line the output comes through (see throttled-line.js), if any. */
  /** @type {ThrottledLine | undefined} */
  line;

  /**
   * @param {Launch} launch
   * @param {{ bytesPerSecond: number, inFlightBytes: number }} [line]  output through a thin line
   */
  constructor(launch, line) {
    this.terminal = new Terminal({
      cols: OUTER_COLS,
      rows: OUTER_ROWS,
      scrollback: OUTER_SCROLLBACK,
      allowProposedApi: true,
    });
    this.terminal.loadAddon(new Unicode11Addon());
    this.terminal.unicode.activeVersion = '11';
    this.launchedAt = performance.now();
    this.pty = nodePty.spawn(launch.file, [...launch.args], {
      name: OUTER_TERM,
      cols: OUTER_COLS,
      rows: OUTER_ROWS,
      cwd: launch.cwd,
      env: launch.env,
      encoding: null,
    });
    /** @type {Promise<{ exitCode: number, signal?: number }>} */
    this.exited = new Promise((resolve) => this.pty.onExit(resolve));
    if (line) {
      this.line = new ThrottledLine({
        ...line,
        deliver: (chunk) => this.#receive(chunk),
        pause: () => this.#hold('line', true),
        resume: () => this.#hold('line', false),
      });
    }
    const thin = this.line;
    this.pty.onData((data) => {
      const chunk = /** @type {Buffer} */ (/** @type {unknown} */ (data));
      if (thin) thin.push(chunk);
      else this.#receive(chunk);
    });
    // A real terminal answers the multiplexer's queries (device attributes, cursor position …).
    this.terminal.onData((reply) => {
      if (!this.#disposed) this.pty.write(reply);
    });
  }

  /** Process id of the program in the PTY: the multiplexer's client. */
  get pid() {
    return this.pty.pid;
  }

  /**
   * Types into the outer terminal, as a user's keyboard would.
   * @param {string} text
   */
  write(text) {
    this.pty.write(text);
  }

  /** @returns {string[]} the visible screen, one string per row, trailing blanks trimmed */
  screenLines() {
    const buffer = this.terminal.buffer.active;
    /** @type {string[]} */
    const lines = [];
    for (let row = 0; row < this.terminal.rows; row += 1) {
      lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '');
    }
    return lines;
  }

  /**
   * Calls `listener` with every chunk the multiplexer writes, as it arrives (before parsing).
   * @param {(chunk: Buffer, at: number) => void} listener
   * @returns {() => void} stops listening
   */
  onRaw(listener) {
    this.#rawListeners.add(listener);
    return () => this.#rawListeners.delete(listener);
  }

  /**
   * Calls `listener` each time a chunk has been parsed into the screen.
   * @param {() => void} listener
   * @returns {() => void} stops listening
   */
  onParsed(listener) {
    this.#parsedListeners.add(listener);
    return () => this.#parsedListeners.delete(listener);
  }

  /**
   * Resolves with the instant `isShown(screenLines)` first holds. The screen is searched as chunks
   * are parsed, at most every SCREEN_CHECK_INTERVAL_MS (a trailing search catches the last chunk).
   * @param {(lines: string[]) => boolean} isShown
   * @param {{ timeoutMs: number, what: string }} options
   * @returns {Promise<number>}
   */
  waitForScreen(isShown, { timeoutMs, what }) {
    return new Promise((resolve, reject) => {
      let lastCheck = Number.NEGATIVE_INFINITY;
      /** @type {NodeJS.Timeout | undefined} */
      let trailing;
      /** @type {() => void} */
      let stopListening = () => {};
      const finish = () => {
        stopListening();
        clearTimeout(trailing);
        clearTimeout(deadline);
      };
      const check = () => {
        lastCheck = performance.now();
        if (isShown(this.screenLines())) {
          finish();
          resolve(lastCheck);
        }
      };
      const onParsed = () => {
        if (performance.now() - lastCheck >= SCREEN_CHECK_INTERVAL_MS) check();
        else if (trailing === undefined) {
          trailing = setTimeout(() => {
            trailing = undefined;
            check();
          }, SCREEN_CHECK_INTERVAL_MS);
        }
      };
      const deadline = setTimeout(() => {
        finish();
        reject(new TimeoutError(`${what}: not on the outer screen within ${timeoutMs} ms${this.#excerpt()}`));
      }, timeoutMs);
      stopListening = this.onParsed(onParsed);
      void this.exited.then(({ exitCode }) => {
        if (this.#disposed) return;
        finish();
        reject(new Error(`${what}: the multiplexer client exited (code ${exitCode}) before it showed${this.#excerpt()}`));
      });
      check();
    });
  }

  /** Stops the client (SIGHUP, as when a terminal window closes) and frees the emulator. */
  dispose() {
    if (this.#disposed) return;
    this.#disposed = true;
    this.line?.dispose();
    try {
      this.pty.kill('SIGHUP');
    } catch {
      // already gone
    }
    this.terminal.dispose();
  }

  /** @param {Buffer} chunk */
  #receive(chunk) {
    if (this.#disposed) return;
    const at = performance.now();
    this.bytes += chunk.length;
    for (const listener of this.#rawListeners) listener(chunk, at);
    this.#pending += chunk.length;
    if (!this.#paused && this.#pending > OUTER_HIGH_WATERMARK) {
      this.#paused = true;
      this.#hold('parser', true);
    }
    this.terminal.write(chunk, () => {
      if (this.#disposed) return;
      this.#pending -= chunk.length;
      if (this.#paused && this.#pending < OUTER_LOW_WATERMARK) {
        this.#paused = false;
        this.#hold('parser', false);
      }
      for (const listener of this.#parsedListeners) listener();
    });
  }

  /**
   * Pauses the PTY while anything holds it.
   * @param {'parser' | 'line'} reason
   * @param {boolean} held
   */
  #hold(reason, held) {
    const before = this.#holds.size;
    if (held) this.#holds.add(reason);
    else this.#holds.delete(reason);
    if (before === 0 && this.#holds.size > 0) this.pty.pause();
    else if (before > 0 && this.#holds.size === 0) this.pty.resume();
  }

  /** The last non-blank rows of the screen, to show what was there instead. */
  #excerpt() {
    if (this.#disposed) return '';
    const rows = this.screenLines().filter((line) => line.trim() !== '').slice(-SCREEN_EXCERPT_LINES);
    return rows.length === 0 ? ' (the screen was blank)' : `; the screen ended with:\n    ${rows.join('\n    ')}`;
  }
}
