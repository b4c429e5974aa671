// Moves the lines that scroll off the top of a pane's normal screen out of xterm and into its compact
// HistoryStore, so xterm keeps in full only the screen and a small margin (XTERM_HISTORY_MARGIN).
// A line is taken at the moment xterm is about to let go of it, so nothing is lost and the order is
// kept. This reaches into xterm's internals (as of @xterm/headless 6.0.0, pinned), checked at run
// time: should they change, xterm keeps the whole history itself, as it did before.
//
// Lines in the store keep the width they were written at: a resize rewraps only the lines xterm still
// holds (the screen and the margin). Older lines are shown cut at a narrower pane's edge, or with
// blank columns in a wider one, as tmux shows its history.

import type { IBufferLine, IBufferNamespace, IDisposable, Terminal as XTerm } from '@xterm/headless';
import type { ByteWriter } from './bytes.js';
import { HistoryStore } from './historyStore.js';

interface InternalLines {
  readonly isFull: boolean;
  readonly length: number;
  trimStart(count: number): void;
  onTrim(listener: (count: number) => void): IDisposable;
}

interface InternalBuffer {
  lines: InternalLines;
  ybase: number;
  ydisp: number;
  savedY: number;
  scrollTop: number;
}

interface InternalBufferService {
  scroll(eraseAttr: unknown, isWrapped?: boolean): void;
  readonly buffer: InternalBuffer;
  readonly buffers: { readonly normal: InternalBuffer };
}

function bufferService(terminal: XTerm): InternalBufferService | undefined {
  const service = (terminal as unknown as { _core?: { _bufferService?: Partial<InternalBufferService> } })._core?._bufferService;
  const normal = service?.buffers?.normal;
  const lines = normal?.lines;
  const ok =
    typeof service?.scroll === 'function' &&
    typeof normal?.ybase === 'number' &&
    typeof normal.ydisp === 'number' &&
    typeof normal.scrollTop === 'number' &&
    typeof lines?.isFull === 'boolean' &&
    typeof lines.trimStart === 'function' &&
    typeof lines.onTrim === 'function';
  return ok ? (service as InternalBufferService) : undefined;
}

/** Encodes an xterm line into the history's line encoding (the emulator's reader, see lineCodec). */
export type LineEncoder = (line: IBufferLine, out: ByteWriter) => void;

export class HistoryCapture {
  readonly store: HistoryStore;
  /** Lines xterm dropped itself (a clear, or a history limit smaller than the margin). */
  private xtermDrops = 0;
  /** Lines being taken into the store, whose trim from xterm is therefore no loss. */
  private taking = 0;
  private trimWatch: IDisposable | undefined;
  private watched: InternalBuffer | undefined;
  private readonly disposables: IDisposable[] = [];
  /** xterm's buffers (the getter checks options on every call; taking a line must be cheap). */
  private readonly buffers: IBufferNamespace;

  /**
   * Takes over the history of `terminal` (whose scrollback option is `limit`); undefined when
   * xterm's internals are not what this expects (then xterm keeps its history as it is).
   */
  static attach(terminal: XTerm, limit: number, margin: number, encode: LineEncoder): HistoryCapture | undefined {
    const service = bufferService(terminal);
    return service && new HistoryCapture(terminal, service, limit, margin, encode);
  }

  private constructor(
    private readonly terminal: XTerm,
    private readonly service: InternalBufferService,
    private readonly limit: number,
    /** The history lines xterm keeps itself. */
    private readonly margin: number,
    private readonly encode: LineEncoder,
  ) {
    this.margin = Math.min(limit, margin);
    this.store = new HistoryStore(limit - this.margin);
    this.buffers = terminal.buffer;
    terminal.options.scrollback = this.margin;
    this.watchTrims();
    this.disposables.push(this.buffers.onBufferChange(() => this.watchTrims()));
    const original = service.scroll;
    service.scroll = (eraseAttr, isWrapped) => {
      const normal = service.buffers.normal;
      // On the normal screen with a full list, the line at the top of the history is about to go.
      if (service.buffer === normal && normal.scrollTop === 0 && normal.lines.isFull) this.take(1);
      try {
        original.call(service, eraseAttr, isWrapped);
      } finally {
        this.taking = 0;
      }
    };
    const parser = terminal.parser;
    // ED 3 / DECSED 3 (the `clear` command) erases the history: all of it. RIS resets everything.
    const clearOnEd3 = (params: (number | number[])[]) => {
      if (params[0] === 3 && terminal.buffer.active.type === 'normal') this.store.clear();
      return false;
    };
    this.disposables.push(parser.registerCsiHandler({ final: 'J' }, clearOnEd3));
    this.disposables.push(parser.registerCsiHandler({ prefix: '?', final: 'J' }, clearOnEd3));
    this.disposables.push(
      parser.registerEscHandler({ final: 'c' }, () => {
        this.store.clear();
        return false;
      }),
    );
  }

  /** Lines dropped from the front of the whole history (store and xterm's margin) so far. */
  get dropped(): number {
    return this.store.dropped + this.xtermDrops;
  }

  /**
   * Runs xterm's resize with room for every line it holds, then takes what is past the margin:
   * rewrapping the screen into more rows must not push lines out of xterm unseen.
   */
  resize(cols: number, resize: () => void): void {
    // Rewrapping to fewer columns makes each line up to that many times as many rows.
    const growth = Math.max(1, Math.ceil(this.terminal.cols / Math.max(1, cols)));
    const room = this.service.buffers.normal.lines.length * growth;
    this.terminal.options.scrollback = Math.max(this.margin, Math.min(this.limit, room));
    try {
      resize();
    } finally {
      const normal = this.service.buffers.normal;
      const excess = normal.lines.length - (this.terminal.rows + this.margin);
      if (excess > 0) {
        this.take(excess);
        normal.lines.trimStart(excess);
        this.taking = 0;
        normal.ybase = Math.max(normal.ybase - excess, 0);
        normal.ydisp = Math.max(normal.ydisp - excess, 0);
        normal.savedY = Math.max(normal.savedY - excess, 0);
      }
      this.terminal.options.scrollback = this.margin;
    }
  }

  dispose(): void {
    this.trimWatch?.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /** Copies the oldest `count` lines of xterm's normal buffer into the store (their trim is then expected). */
  private take(count: number): void {
    this.taking += count;
    if (this.store.limit <= 0) {
      this.taking -= count;
      return;
    }
    const normal = this.buffers.normal;
    for (let i = 0; i < count; i++) {
      const line = normal.getLine(i);
      if (!line) continue;
      this.encode(line, this.store.beginLine());
      this.store.commitLine();
    }
  }

  /** Counts the lines xterm trims from its normal buffer (a new buffer after a reset is watched anew). */
  private watchTrims(): void {
    const normal = this.service.buffers.normal;
    if (normal === this.watched) return;
    this.trimWatch?.dispose();
    this.watched = normal;
    this.trimWatch = normal.lines.onTrim((count) => {
      const taken = Math.min(count, this.taking);
      this.taking -= taken;
      this.xtermDrops += count - taken;
    });
  }
}
