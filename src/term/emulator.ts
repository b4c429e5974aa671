// One pane's terminal emulator: @xterm/headless with unicode11, plus what xterm does not track for us
// (cursor visibility and shape, answers to color queries) and a fast copy of its screen into a CellGrid.
// Output reaches xterm through the OutputClamp and the shared parse scheduler, in bounded slices.

import xtermHeadless from '@xterm/headless';
import type { IBufferCell, IBufferLine, IBufferNamespace, IDisposable, Terminal as XTerm } from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';
import { CellGrid, DEFAULT_COLOR } from './cellGrid.js';
import { OutputClamp, type StringEvents } from './outputClamp.js';
import { CommandEndResets, MODES_LEFT_ON_RESET } from './modesLeftOn.js';
import { ParseErrorLog } from './parseErrorLog.js';
import { cancelParse, requestParse, type ParseTask } from './parseScheduler.js';
import { CLAMP_PIECE_BYTES, ECHO_WINDOW_MS, XTERM_HISTORY_MARGIN } from '../limits.js';
import { internHyperlink, NO_LINK } from './hyperlinks.js';
import { answerColorQueries } from './outerColors.js';
import { CONTENT_WIDTH_SHIFT, copyLineCells, lineWords, privateModeReader, mouseTrackingReader, WORDS_PER_CELL, xtermLinkTarget, type Underline } from './xtermCell.js';
import { HistoryCapture } from './history/historyCapture.js';
import { PaneLines } from './history/paneLines.js';
import { historyLineEncoder } from './history/xtermLineEncoder.js';
import { RowComparison, type RowSnapshots } from './rowSnapshots.js';
import type { RowChanges } from './rowChanges.js';
import { trackMouseEncoding, type MouseEncoding, type MouseTracking } from './paneMouse.js';
import { trackKeyboardFlags } from './keyboardFlags.js';
import { characterStart, Utf8Chunks } from './utf8Chunks.js';

const { Terminal } = xtermHeadless;
const { Unicode11Addon } = unicode11;

export interface EmulatorOptions {
  cols: number;
  rows: number;
  scrollback: number;
  /** History lines xterm keeps in full before they move to the compact history (XTERM_HISTORY_MARGIN). */
  historyMargin?: number;
  /** Whose output this is, for the log ("pane 3"). */
  name?: string;
  /** Where summaries of malformed output go (the server log); silent when absent. */
  log?: (line: string) => void;
  /**
   * Turn off the input modes a command left on where the output marks its end (OSC 133;D): for a
   * shell, whose marks tessera's integration writes; not for an agent, whose own marks do not end it.
   */
  resetModesAtCommandEnd?: boolean;
}

/** Memory held by one emulator's lines. */
export interface EmulatorMemory {
  /** Lines xterm holds in full (both screens and its own scrollback), and their bytes (estimated). */
  screenLines: number;
  screenBytes: number;
  /** Lines of the compact history (lines that scrolled off), and the bytes they take. */
  historyLines: number;
  historyBytes: number;
}

/** xterm keeps a line as 12 bytes per column plus its JS objects (~400 bytes measured in 6.0.0). */
const XTERM_LINE_OBJECT_BYTES = 400;
const xtermLineBytes = (cols: number) => cols * 12 + XTERM_LINE_OBJECT_BYTES;

/** Row-level reading (see readInto): what the rows held when last read, and which grid cells were written. */
export interface RowTracking {
  snapshots: RowSnapshots;
  /** Marked with the cells readInto wrote (it never clears other marks). */
  written: RowChanges;
}

interface PendingSlice {
  /** Whole UTF-8 characters. */
  data: Buffer;
  parsed?: () => void;
}

interface ClampedSlice {
  data: Uint8Array;
  parsed?: () => void;
}

const NO_BYTES = Buffer.alloc(0);

export class Emulator implements ParseTask {
  readonly terminal: XTerm;
  /**
   * `terminal.buffer`, kept: xterm's getter checks the proposed-API option through its options proxy
   * on every call, and the buffers are read for every pane on every frame (~1 % of a redraw's CPU).
   */
  private readonly buffers: IBufferNamespace;
  cursorVisible = true;
  /** DECSCUSR parameter: 0 = the outer terminal's default shape. */
  cursorShape = 0;
  /** Everything the program wrote so far, in bytes (tells a flood from a repaint). */
  bytesReceived = 0;
  private readonly disposables: IDisposable[] = [];
  private readonly mouse: { readonly encoding: MouseEncoding };
  private readonly keyboard: { readonly flags: number };
  private readonly cell: IBufferCell;
  /** Scratch for readUnderline, so reading a screen allocates nothing per cell. */
  private readonly underline: Underline = { style: 0, color: DEFAULT_COLOR };
  /** Hear of the strings the clamp dropped for their length or took out of the output (see stringRules.ts). */
  private readonly stringListeners = new Set<Partial<StringEvents>>();
  private readonly clamp = new OutputClamp({
    dropped: (ident) => this.stringListeners.forEach((listener) => listener.dropped?.(ident)),
    taken: (ident, data) => this.stringListeners.forEach((listener) => listener.taken?.(ident, data)),
  });
  /** Turns off the input modes a finished command left on, where the shell marks its end. */
  private readonly commandEnds: CommandEndResets | undefined;
  private readonly readSynchronizedOutput: () => boolean;
  private readonly readApplicationCursorKeys: () => boolean;
  private readonly readBracketedPaste: () => boolean;
  private readonly readMouseTracking: () => MouseTracking;
  /** When the user last typed into this pane (performance.now()). */
  private lastUserInput = -Infinity;
  /** The program's output bytes, made whole characters of valid UTF-8. */
  private readonly utf8 = new Utf8Chunks();
  /** Output not yet through the clamp (it is clamped when its turn comes, at the screen's size then). */
  private readonly raw: PendingSlice[] = [];
  private rawOffset = 0;
  /** Clamped output waiting for xterm, in slices of bounded work. */
  private readonly slices: ClampedSlice[] = [];
  /** A slice handed to xterm whose parse has not finished (xterm parses it at once in practice). */
  private parsing = false;
  private disposed = false;
  /** Counts and summarizes what xterm reports about malformed output. */
  readonly parseErrors: ParseErrorLog;
  /** Takes lines that scroll off into the compact history (absent if xterm's internals changed). */
  private readonly history: HistoryCapture | undefined;
  private readonly normalLines: PaneLines;
  private readonly alternateLines: PaneLines;

  constructor(options: EmulatorOptions) {
    this.parseErrors = new ParseErrorLog(options.name ?? 'emulator', options.log);
    this.commandEnds = options.resetModesAtCommandEnd ? new CommandEndResets() : undefined;
    // The scheduler marks each slice as user input so that xterm parses it at once: that must not
    // scroll a pane someone scrolled back (an option xterm has but its headless typings omit).
    const notScrolledByInput = { scrollOnUserInput: false };
    this.terminal = new Terminal({
      cols: options.cols,
      rows: options.rows,
      scrollback: options.scrollback,
      allowProposedApi: true,
      logLevel: 'error',
      logger: this.parseErrors,
      ...notScrolledByInput,
    });
    this.terminal.loadAddon(new Unicode11Addon());
    this.terminal.unicode.activeVersion = '11';
    this.buffers = this.terminal.buffer;
    this.cell = this.buffers.active.getNullCell();
    this.readSynchronizedOutput = privateModeReader(this.terminal, 'synchronizedOutput');
    this.readApplicationCursorKeys = privateModeReader(this.terminal, 'applicationCursorKeys');
    this.readBracketedPaste = privateModeReader(this.terminal, 'bracketedPasteMode');
    this.readMouseTracking = mouseTrackingReader(this.terminal);
    this.trackCursorModes();
    // A color answer may come after the terminal's colors arrive, when the pane may be gone.
    const reply = (answer: string) => {
      if (!this.disposed) this.terminal.input(answer, false);
    };
    for (const handler of answerColorQueries(this.terminal, reply)) this.track(handler);
    this.mouse = this.track(trackMouseEncoding(this.terminal));
    this.keyboard = this.track(trackKeyboardFlags(this.terminal, reply));
    const copy = (line: IBufferLine, grid: CellGrid, dx: number, y: number, width: number) => this.copyLine(line, grid, dx, y, width);
    const encode = historyLineEncoder(() => this.terminal.cols, copy);
    this.history = HistoryCapture.attach(this.terminal, options.scrollback, options.historyMargin ?? XTERM_HISTORY_MARGIN, encode);
    if (this.history) this.track(this.history);
    this.normalLines = new PaneLines(this.terminal, 'normal', this.history, copy);
    this.alternateLines = new PaneLines(this.terminal, 'alternate', undefined, copy);
  }

  /** Every line of one screen: its history (the normal screen's) and the screen itself. */
  lines(kind: 'normal' | 'alternate'): PaneLines {
    return kind === 'normal' ? this.normalLines : this.alternateLines;
  }

  /** The lines of the screen the program shows now. */
  get activeLines(): PaneLines {
    return this.lines(this.buffers.active.type);
  }

  /** What mouse reports the program asked for, and in which encoding (see paneMouse.ts). */
  get mouseTracking(): { tracking: MouseTracking; encoding: MouseEncoding } {
    return { tracking: this.readMouseTracking(), encoding: this.mouse.encoding };
  }

  /** The program asked for application cursor keys (DECCKM): arrows are sent as `ESC O A`. */
  get applicationCursorKeys(): boolean {
    return this.readApplicationCursorKeys();
  }

  /** The program asked for bracketed paste (mode 2004). */
  get bracketedPaste(): boolean {
    return this.readBracketedPaste();
  }

  /** The kitty keyboard flags the program set (and tessera applies): 0 for legacy keys. */
  get keyboardFlags(): number {
    return this.keyboard.flags;
  }

  get cols(): number {
    return this.terminal.cols;
  }

  get rows(): number {
    return this.terminal.rows;
  }

  /**
   * Feeds program output: the bytes the program wrote (UTF-8, in chunks cut anywhere), or text of
   * tessera's own; `parsed` runs once xterm has processed it (used for flow control). Counts and
   * coordinates are clamped to the screen and the output is parsed in slices, taking turns with
   * every other pane; output that follows the user's keys closely (their echo) goes first.
   */
  write(data: Buffer | string, parsed?: () => void): void {
    if (this.disposed) return;
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : this.utf8.next(data);
    this.bytesReceived += bytes.length;
    this.raw.push({ data: bytes, parsed });
    requestParse(this, performance.now() - this.lastUserInput <= ECHO_WINDOW_MS);
  }

  /** Resolves once everything written so far is parsed (a handover exports the screen after it). */
  whenParsed(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    return new Promise((resolve) => this.write(NO_BYTES, resolve));
  }

  /** Parses the next slice (called by the parse scheduler); true when more is waiting. */
  parseNext(): boolean {
    if (this.parsing || this.disposed) return false;
    this.refill();
    const slice = this.slices.shift();
    if (!slice) return false;
    if (slice.data.length > 0) {
      this.parsing = true;
      let synchronous = true;
      // Marked as user input, xterm parses the write at once instead of on a timer of its own.
      this.terminal.input('', true);
      this.terminal.write(slice.data, () => {
        this.parsing = false;
        slice.parsed?.();
        if (!synchronous && this.hasPending()) requestParse(this);
      });
      synchronous = false;
    } else {
      slice.parsed?.();
    }
    return !this.parsing && this.hasPending();
  }

  private hasPending(): boolean {
    return this.slices.length > 0 || this.raw.length > 0;
  }

  /** Clamps the next piece of raw output into slices, when none are left. */
  private refill(): void {
    while (this.slices.length === 0 && this.raw.length > 0) {
      const { piece, done } = this.takePiece();
      const out = piece.length > 0 ? this.clamp.feed(this.commandEnds?.feed(piece) ?? piece, { cols: this.terminal.cols, rows: this.terminal.rows }) : [];
      for (const data of out) this.slices.push({ data });
      if (done.length === 0) continue;
      // The callbacks run once everything written before them, this piece included, is parsed: with
      // the piece's last slice, or on their own when the clamp kept all of it back.
      const parsed = done.length === 1 ? done[0] : () => done.forEach((callback) => callback());
      const last = this.slices.at(-1);
      if (last) last.parsed = parsed;
      else this.slices.push({ data: NO_BYTES, parsed });
    }
  }

  /**
   * The next piece of raw output to clamp, and the callbacks of the chunks it finishes: the rest of a
   * long chunk, at most CLAMP_PIECE_BYTES of it; or the chunks waiting, joined up to that size, so a
   * frame the PTY delivered in parts is parsed in one write (each write has a cost of its own in xterm
   * and in everything that follows a parse).
   */
  private takePiece(): { piece: Buffer; done: (() => void)[] } {
    const head = this.raw[0];
    if (this.rawOffset > 0 || head.data.length > CLAMP_PIECE_BYTES) {
      // Never a character cut in two (the clamp reads whole characters).
      const cut = characterStart(head.data, this.rawOffset + CLAMP_PIECE_BYTES);
      const end = cut > this.rawOffset ? cut : Math.min(head.data.length, this.rawOffset + CLAMP_PIECE_BYTES);
      const piece = head.data.subarray(this.rawOffset, end);
      if (end < head.data.length) {
        this.rawOffset = end;
        return { piece, done: [] };
      }
      this.raw.shift();
      this.rawOffset = 0;
      return { piece, done: head.parsed ? [head.parsed] : [] };
    }
    const pieces = [head.data];
    let length = head.data.length;
    const done = head.parsed ? [head.parsed] : [];
    let taken = 1;
    while (taken < this.raw.length && length + this.raw[taken].data.length <= CLAMP_PIECE_BYTES) {
      const next = this.raw[taken++];
      pieces.push(next.data);
      length += next.data.length;
      if (next.parsed) done.push(next.parsed);
    }
    this.raw.splice(0, taken);
    return { piece: pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, length), done };
  }

  /**
   * The program is gone: after what it wrote last is parsed, the input modes it left on are turned
   * off (no mouse reports or bracketed paste for a program that cannot read them), then `done` runs.
   */
  programEnded(done: () => void): void {
    const unfinished = this.utf8.end();
    if (unfinished.length > 0) this.raw.push({ data: unfinished });
    this.write(MODES_LEFT_ON_RESET, done);
  }

  resize(cols: number, rows: number): void {
    if (cols === this.terminal.cols && rows === this.terminal.rows) return;
    if (this.history) this.history.resize(cols, () => this.terminal.resize(cols, rows));
    else this.terminal.resize(cols, rows);
  }

  /** Replies the emulator generates for the program (DA, DSR, DECRQM, OSC 10/11): write them to the PTY. */
  onReply(listener: (data: string) => void): IDisposable {
    return this.track(
      this.terminal.onData((data) => {
        if (data.length > 0) listener(data);
      }),
    );
  }

  /** The user just typed into this pane: show the live screen again if it was scrolled back. */
  noteUserInput(): void {
    this.lastUserInput = performance.now();
    const buffer = this.buffers.active;
    if (buffer.viewportY !== buffer.baseY) this.terminal.scrollToBottom();
  }

  onParsed(listener: () => void): IDisposable {
    return this.track(this.terminal.onWriteParsed(listener));
  }

  onTitle(listener: (title: string) => void): IDisposable {
    return this.track(this.terminal.onTitleChange(listener));
  }

  onBell(listener: () => void): IDisposable {
    return this.track(this.terminal.onBell(listener));
  }

  /**
   * OSC strings the emulator never runs: dropped for their length, or taken out of the output for
   * tessera to read (clipboard writes: see stringRules.ts).
   */
  onStrings(listener: Partial<StringEvents>): IDisposable {
    this.stringListeners.add(listener);
    return this.track({ dispose: () => this.stringListeners.delete(listener) });
  }

  get cursorX(): number {
    return this.buffers.active.cursorX;
  }

  get cursorY(): number {
    return this.buffers.active.cursorY;
  }

  /** True while the program asked to hold frames (DEC 2026 synchronized output). */
  get synchronizedOutput(): boolean {
    return this.readSynchronizedOutput();
  }

  /**
   * Copies the visible screen (w×h from its top-left) into `grid` at (dx, dy). Rows or columns the
   * emulator lacks are blanked, so a pane narrower than its rectangle never leaves stale cells.
   * `from` reads other lines instead: from line `top` of `buffer` (a scrolled-back view).
   * With `rows`, a row whose cells are the same as when it was last copied there is skipped, and of
   * a row that changed only the span of cells that changed is copied (`grid` must still hold what
   * was copied then); every cell written is marked in `rows.written`.
   */
  readInto(grid: CellGrid, dx: number, dy: number, w: number, h: number, from?: { buffer: PaneLines; top: number }, rows?: RowTracking): void {
    if (from) {
      rows?.snapshots.forgetAll();
      from.buffer.readInto(grid, dx, dy, w, h, from.top, rows?.written);
      return;
    }
    const buffer = this.buffers.active;
    const top = buffer.viewportY;
    const lastRow = this.terminal.rows;
    const cell = this.cell;
    const underline = this.underline;
    const width = Math.min(w, this.terminal.cols, grid.cols - dx);
    const snapshots = rows?.snapshots;
    if (snapshots) snapshots.place({ x: dx, y: dy, width: w, height: h, cells: width });
    else rows?.snapshots.forgetAll();
    const words = Math.max(0, width) * WORDS_PER_CELL;
    for (let row = 0; row < h; row++) {
      const y = dy + row;
      if (y >= grid.rows) break;
      const line = row < lastRow && top + row >= 0 ? buffer.getLine(top + row) : undefined;
      if (!line) {
        grid.clear(dx, y, w, 1);
        snapshots?.forget(row);
        rows?.written.mark(y, dx, Math.min(grid.cols, dx + w));
        continue;
      }
      const raw = snapshots && lineWords(line, width);
      const comparison = raw ? snapshots.compare(row, raw, words, WORDS_PER_CELL) : RowComparison.Whole;
      if (comparison === RowComparison.Same) continue;
      if (comparison === RowComparison.Span && raw && rows) {
        // One cell more on each side, and whole wide characters: a copy never starts or ends inside one.
        const from = wideStart(raw, Math.max(0, rows.snapshots.changedFrom - 1));
        const to = wideEnd(raw, Math.min(width, rows.snapshots.changedTo + 1), width);
        rows.written.mark(y, dx + from, dx + to);
        if (copyLineCells(line, cell, underline, grid, dx, y, width, (id) => this.hyperlink(id), from, to)) rows.snapshots.remember(row, raw, words);
        else rows.snapshots.forget(row);
        continue;
      }
      rows?.written.mark(y, dx, Math.min(grid.cols, dx + w));
      const plain = copyLineCells(line, cell, underline, grid, dx, y, width, (id) => this.hyperlink(id));
      if (width < w) grid.clear(dx + width, y, w - width, 1);
      if (!snapshots) continue;
      if (plain && raw) snapshots.remember(row, raw, words);
      else snapshots.forget(row);
    }
  }
  /** Copies `width` columns of an xterm line into row `y` of `grid` from column `dx`. */
  private copyLine(line: IBufferLine, grid: CellGrid, dx: number, y: number, width: number): void {
    copyLineCells(line, this.cell, this.underline, grid, dx, y, width, (id) => this.hyperlink(id));
  }

  /** Our number for xterm's link `id` (see hyperlinks.ts). */
  private hyperlink(id: number): number {
    const target = xtermLinkTarget(this.terminal, id);
    return target ? internHyperlink(target.uri, target.id ?? '') : NO_LINK;
  }

  /**
   * The program's current screen as plain text rows (trailing blanks trimmed), whatever part of the
   * scrollback a user may be looking at, and per row whether it continues the row above (a soft wrap).
   */
  liveScreen(): { lines: string[]; wrapped: boolean[] } {
    const buffer = this.buffers.active;
    const lines: string[] = [];
    const wrapped: boolean[] = [];
    for (let row = 0; row < this.terminal.rows; row++) {
      const line = buffer.getLine(buffer.baseY + row);
      lines.push(line?.translateToString(true) ?? '');
      wrapped.push(row > 0 && (line?.isWrapped ?? false));
    }
    return { lines, wrapped };
  }

  /** What this emulator's lines hold (an estimate; see EmulatorMemory). */
  memory(): EmulatorMemory {
    const { normal, alternate } = this.buffers;
    const screenLines = normal.length + alternate.length;
    const store = this.history?.store;
    return {
      screenLines,
      screenBytes: screenLines * xtermLineBytes(this.terminal.cols),
      historyLines: store?.length ?? 0,
      historyBytes: store?.bytes ?? 0,
    };
  }

  dispose(): void {
    this.disposed = true;
    cancelParse(this);
    this.raw.length = 0;
    this.slices.length = 0;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.parseErrors.dispose();
    this.terminal.dispose();
  }

  private track<T extends IDisposable>(disposable: T): T {
    this.disposables.push(disposable);
    return disposable;
  }

  private trackCursorModes(): void {
    const parser = this.terminal.parser;
    const setVisibility = (visible: boolean) => (params: (number | number[])[]) => {
      if (params.includes(25)) this.cursorVisible = visible;
      return false; // let xterm handle the rest of the modes
    };
    this.track(parser.registerCsiHandler({ prefix: '?', final: 'h' }, setVisibility(true)));
    this.track(parser.registerCsiHandler({ prefix: '?', final: 'l' }, setVisibility(false)));
    this.track(
      parser.registerCsiHandler({ intermediates: ' ', final: 'q' }, (params) => {
        const shape = params[0];
        this.cursorShape = typeof shape === 'number' && shape >= 0 && shape <= 6 ? shape : 0;
        return false;
      }),
    );
    this.track(
      parser.registerEscHandler({ final: 'c' }, () => {
        this.cursorVisible = true;
        this.cursorShape = 0;
        return false;
      }),
    );
  }
}

/** `col`, or the left half of the wide character whose right half is at `col` (xterm's raw words). */
function wideStart(words: Uint32Array, col: number): number {
  return col > 0 && words[col * WORDS_PER_CELL] >>> CONTENT_WIDTH_SHIFT === 0 ? col - 1 : col;
}

/** `end`, or one more when the cell before it is the left half of a wide character. */
function wideEnd(words: Uint32Array, end: number, width: number): number {
  return end < width && words[(end - 1) * WORDS_PER_CELL] >>> CONTENT_WIDTH_SHIFT === 2 ? end + 1 : end;
}
