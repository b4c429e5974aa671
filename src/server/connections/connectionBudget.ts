// What all connections together may hold: how many are open, how many bytes of frames that have
// not arrived completely, and how many refused connections are still being told why. Past any
// limit, the newcomer is refused (or the grower dropped, or the refused closed without a word), so
// no number of peers can take the server's memory or descriptors.

import { MAX_CONNECTIONS, MAX_PENDING_FRAME_BYTES, MAX_REFUSED_CONNECTIONS_CLOSING } from '../../limits.js';

export class ConnectionBudget {
  private open = 0;
  private pending = 0;
  private closing = 0;

  constructor(
    readonly maxConnections: number = MAX_CONNECTIONS,
    readonly maxPendingBytes: number = MAX_PENDING_FRAME_BYTES,
    readonly maxRefusedClosing: number = MAX_REFUSED_CONNECTIONS_CLOSING,
  ) {}

  get openConnections(): number {
    return this.open;
  }

  /** Takes a place for a new connection; false when every place is taken. */
  admit(): boolean {
    if (this.open >= this.maxConnections) return false;
    this.open++;
    return true;
  }

  release(): void {
    this.open = Math.max(0, this.open - 1);
  }

  /** A refused connection may wait a moment for its peer to read why; false when too many already do (close it at once). */
  holdRefused(): boolean {
    if (this.closing >= this.maxRefusedClosing) return false;
    this.closing++;
    return true;
  }

  releaseRefused(): void {
    this.closing = Math.max(0, this.closing - 1);
  }

  /** Records that one connection's incomplete frame went from `before` to `after` bytes; false when over budget. */
  holdPending(before: number, after: number): boolean {
    this.pending = Math.max(0, this.pending + after - before);
    return this.pending <= this.maxPendingBytes;
  }
}
