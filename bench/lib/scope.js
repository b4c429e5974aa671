// A scope owns what one scenario run starts (servers, outer terminals) and stops all of it at the end.

export class Scope {
  /** @type {(() => unknown)[]} */
  #cleanups = [];
  #closed = false;

  /**
   * Registers `cleanup` to run when the scope ends (last registered runs first). On a scope that
   * has already ended (its run was abandoned at a deadline) it runs `cleanup` at once and throws,
   * so an abandoned run cannot leave new servers behind.
   * @param {() => unknown} cleanup
   */
  defer(cleanup) {
    if (this.#closed) {
      void Promise.resolve().then(cleanup).catch(() => {});
      throw new Error('this run was abandoned at its deadline');
    }
    this.#cleanups.push(cleanup);
  }

  /** @returns {Scope} a scope that ends with this one, or earlier when disposed itself */
  nested() {
    const child = new Scope();
    this.defer(() => child.dispose());
    return child;
  }

  /** Runs every cleanup, newest first; a failing cleanup does not stop the others. */
  async dispose() {
    this.#closed = true;
    const cleanups = this.#cleanups.splice(0).reverse();
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (error) {
        process.stderr.write(`  (cleanup failed: ${error instanceof Error ? error.message : String(error)})\n`);
      }
    }
  }
}
