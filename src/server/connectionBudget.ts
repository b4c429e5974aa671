// What all connections together may hold: how many are open, and how many bytes of frames that have
// not arrived completely. Past either limit, the newcomer is refused (or the grower dropped), so no
// number of peers can take the server's memory or descriptors.

import { MAX_CONNECTIONS, MAX_PENDING_FRAME_BYTES } from '../limits.js';

export class ConnectionBudget {
  private open = 0;
  private pending = 0;

  constructor(
    readonly maxConnections: number = MAX_CONNECTIONS,
    readonly maxPendingBytes: number = MAX_PENDING_FRAME_BYTES,
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

  /** Records that one connection's incomplete frame went from `before` to `after` bytes; false when over budget. */
  holdPending(before: number, after: number): boolean {
    this.pending = Math.max(0, this.pending + after - before);
    return this.pending <= this.maxPendingBytes;
  }
}
