// Scenario 7: from launch until the shell prompt shows, starting cold and attaching to a running server.

import { BENCH_PROMPT, CONTROL_POLL_MS, PROMPTS_TIMEOUT_MS } from '../settings.js';
import { pollUntil } from '../lib/deadline.js';
import { countPrompts, launchOuter, startServer } from '../lib/session.js';

/** @type {import('./scenario.js').Scenario<{}, undefined>} */
export const startup = {
  name: 'startup',
  title: () => 'launch until the shell prompt shows',
  figures: [
    { key: 'cold', label: 'cold: server + session + attach', unit: 'ms' },
    { key: 'attach', label: 'attach to a running server', unit: 'ms' },
  ],
  note: 'cold runs `tessera -L NAME` / `tmux -L NAME new-session`; attach runs `attach -t` against a server whose shell already shows its prompt.',
  async run(context) {
    return { cold: await coldStart(context), attach: await attach(context) };
  },
};

/** @param {import('./scenario.js').RunContext<{}, undefined>} context */
async function coldStart({ driver, benchEnv, scope }) {
  const inner = scope.nested();
  try {
    const server = startServer(driver, benchEnv, inner);
    const outer = launchOuter(server.coldStartCommand(), benchEnv, inner);
    const shownAt = await waitForPrompt(outer, `${driver.name}: the prompt after a cold start`);
    // Learn the pid so kill() can make sure the server is gone.
    await server.serverPid();
    return shownAt - outer.launchedAt;
  } finally {
    await inner.dispose();
  }
}

/** @param {import('./scenario.js').RunContext<{}, undefined>} context */
async function attach({ driver, benchEnv, scope }) {
  const inner = scope.nested();
  try {
    const server = startServer(driver, benchEnv, inner);
    await server.createSession();
    await server.serverPid();
    const [pane] = await server.listPanes();
    await pollUntil(async () => ((await server.capturePane(pane.id)).includes(BENCH_PROMPT.trimEnd()) ? true : undefined), {
      timeoutMs: PROMPTS_TIMEOUT_MS,
      intervalMs: CONTROL_POLL_MS,
      what: `${driver.name}: the prompt in the detached session`,
    });
    const outer = launchOuter(server.attachCommand(), benchEnv, inner);
    const shownAt = await waitForPrompt(outer, `${driver.name}: the prompt after attach`);
    return shownAt - outer.launchedAt;
  } finally {
    await inner.dispose();
  }
}

/**
 * @param {import('../lib/outer-terminal.js').OuterTerminal} outer
 * @param {string} what
 */
function waitForPrompt(outer, what) {
  return outer.waitForScreen((lines) => countPrompts(lines) >= 1, { timeoutMs: PROMPTS_TIMEOUT_MS, what });
}
