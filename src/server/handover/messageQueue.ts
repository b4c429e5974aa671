// Messages from the other server of a handover, waited for one at a time with a deadline: the wait
// ends with the next message, or with why none will come (the other side went away, or said
// something unreadable), or when the deadline passes.

export class MessageQueue<T> {
  private readonly items: T[] = [];
  private problem: string | undefined;
  private wake: (() => void) | undefined;

  push(item: T): void {
    this.items.push(item);
    this.wake?.();
  }

  /** No message will come any more (the first reason given is the one told). */
  fail(problem: string): void {
    this.problem ??= problem;
    this.wake?.();
  }

  /** The next message; rejects with the reason none came, `late` naming what was waited for. */
  async next(timeoutMs: number, late: (seconds: number) => string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.items.length > 0) return this.items.shift() as T;
      if (this.problem !== undefined) throw new Error(this.problem);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(late(Math.round(timeoutMs / 1000)));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}
