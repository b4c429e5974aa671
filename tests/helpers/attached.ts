// A test world with one attached client, cleaned up after each test: the common start of e2e tests.

import { afterEach } from 'vitest';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox } from './outerTerminal.js';

export interface Attached {
  t: OuterTerminal;
  s: TesseraSandbox;
}

/** Call at the top of a test file; `attach(config)` starts a sandbox with those settings and waits for the prompt. */
export function useAttachedClient(size: { cols: number; rows: number } = { cols: 100, rows: 30 }): (config?: Record<string, unknown>) => Promise<Attached> {
  let sandbox: TesseraSandbox | undefined;
  const terminals: OuterTerminal[] = [];
  afterEach(async () => {
    for (const t of terminals.splice(0)) t.dispose();
    await sandbox?.cleanup();
    sandbox = undefined;
  });
  return async (config = {}) => {
    const s = new TesseraSandbox({}, config);
    sandbox = s;
    const t = new OuterTerminal(['-L', s.socketName], { env: s.env, cwd: s.root, ...size });
    terminals.push(t);
    await t.waitFor(PROMPT_PATTERN);
    return { t, s };
  };
}

/** The same, for tests that reach the sandbox later: `start(config)` gives the terminal, `sandbox()` its sandbox. */
export function useAttachedTerminal(): { start(config?: Record<string, unknown>): Promise<OuterTerminal>; sandbox(): TesseraSandbox } {
  const attach = useAttachedClient();
  let current: TesseraSandbox | undefined;
  return {
    async start(config = {}) {
      const { t, s } = await attach(config);
      current = s;
      return t;
    },
    sandbox() {
      if (!current) throw new Error('start() first');
      return current;
    },
  };
}
