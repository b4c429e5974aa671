// Turns for git children: at most a few run at once, the others wait in order. Starting a child
// blocks this process's event loop while the kernel copies its memory map (~10 ms for a server of
// 150 MB), so ten workspaces asked about at once would hold every key and frame for a tenth of a
// second or more; taken in turns, each start comes in its own turn of the loop, between keys.

export class ChildSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  /** Waits for a turn; the function it gives back ends the turn (calling it again does nothing). */
  async take(): Promise<() => void> {
    if (this.running < this.max) this.running++;
    // The slot is handed over by the one that ends its turn (running stays as it is).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }

  /** Children running now and waiting for a turn (for tests). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
