// Lifetimes as data: what an object holds (subscriptions, timers, listeners on emitters, child objects) is
// added to one collection as it is taken, and one dispose() releases all of it, so nothing is forgotten
// when a pane, a client or a viewer goes.

export interface Disposable {
  dispose(): void;
}

/** Anything with Node's EventEmitter pair (sockets, streams, child processes, process). */
export interface ListenerTarget<L> {
  on(event: string | symbol, listener: L): unknown;
  off(event: string | symbol, listener: L): unknown;
}

export class Disposables implements Disposable {
  /** In the order they were added; a Set so that one released early leaves at once (timers come and go). */
  private readonly held = new Set<Disposable>();
  private disposed = false;

  get isDisposed(): boolean {
    return this.disposed;
  }

  /**
   * Holds `disposable` until dispose(); returns it. Added after dispose(), it is disposed at once: a late
   * callback (a subscription taken as a program exits) cannot outlive its owner.
   */
  add<T extends Disposable>(disposable: T): T {
    if (this.disposed) disposable.dispose();
    else this.held.add(disposable);
    return disposable;
  }

  /** Releases one thing now (its owner is done with it before the end) and stops holding it. */
  release(disposable: Disposable): void {
    if (this.held.delete(disposable)) disposable.dispose();
  }

  /** Runs `callback` after `ms` unless disposed first; forgotten once it has run. The handle cancels it. */
  addTimer(callback: () => void, ms: number): Disposable {
    const timer = setTimeout(() => {
      this.held.delete(handle);
      callback();
    }, ms);
    const handle = this.add({ dispose: () => clearTimeout(timer) });
    return handle;
  }

  /** Listens on an emitter until dispose() (or until the handle is disposed). */
  addListener<L>(emitter: ListenerTarget<L>, event: string | symbol, listener: L): Disposable {
    emitter.on(event, listener);
    return this.add({ dispose: () => void emitter.off(event, listener) });
  }

  /**
   * Releases everything, newest first (what was taken last may use what was taken before it). Idempotent.
   * One release that throws does not keep the others from running; the error is thrown once all have run.
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const errors: unknown[] = [];
    const all = [...this.held].reverse();
    this.held.clear();
    for (const disposable of all) {
      try {
        disposable.dispose();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} releases failed`);
  }

  /** How many things are held now (for tests of what an owner leaves behind). */
  get size(): number {
    return this.held.size;
  }
}

/** A disposable that runs `release` once, however often it is disposed. */
export function toDisposable(release: () => void): Disposable {
  let done = false;
  return {
    dispose: () => {
      if (done) return;
      done = true;
      release();
    },
  };
}
