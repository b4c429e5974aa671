// Scenario: a script makes 32 shell panes, one split command after another (as
// `for i in $(seq 31); do tessera split …; done` would), in a session shown in the outer terminal.
// How long the script waits for the multiplexer, and how long until all 32 prompts show.

import { ATTACHED_MIN_PANE_COLS, ATTACH_TIMEOUT_MS, CONTROL_POLL_MS, PROMPTS_TIMEOUT_MS } from '../settings.js';
import { pollUntil } from '../lib/deadline.js';
import { choosePaneToSplit } from '../lib/pane-layout.js';
import { median } from '../lib/stats.js';
import { countPrompts, launchOuter, startServer } from '../lib/session.js';

/** @type {import('./scenario.js').Scenario<{ panes: number }, undefined>} */
export const manyPanes = {
  name: 'panes',
  title: (plan) => `a script creates ${plan.panes} shell panes, one split command after another`,
  figures: [
    { key: 'splits', label: 'the split commands, in all', unit: 'ms' },
    { key: 'split', label: 'one split command (median)', unit: 'ms' },
    { key: 'prompts', label: 'until every prompt shows', unit: 'ms' },
  ],
  note: 'the script asks list-panes before each split to pick the largest pane (so both end with the same grid); that time is left out of every figure. "until every prompt shows" runs from the first split until all prompts are on the outer screen.',
  async run({ driver, benchEnv, scope, plan }) {
    const server = startServer(driver, benchEnv, scope);
    await server.createSession();
    await server.serverPid();
    const outer = launchOuter(server.attachCommand(), benchEnv, scope);
    await pollUntil(async () => ((await server.listPanes()).some((pane) => pane.cols >= ATTACHED_MIN_PANE_COLS) ? true : undefined), {
      timeoutMs: ATTACH_TIMEOUT_MS,
      intervalMs: CONTROL_POLL_MS,
      what: `${driver.name}: a pane sized to the attached client`,
    });
    await outer.waitForScreen((lines) => countPrompts(lines) >= 1, { timeoutMs: PROMPTS_TIMEOUT_MS, what: `${driver.name}: the first prompt` });
    /** @type {number[]} */
    const splits = [];
    let choosing = 0;
    const startedAt = performance.now();
    for (let count = 1; count < plan.panes; count += 1) {
      const choiceStartedAt = performance.now();
      const { id, direction } = choosePaneToSplit(await server.listPanes());
      choosing += performance.now() - choiceStartedAt;
      const splitStartedAt = performance.now();
      await server.split(id, direction);
      splits.push(performance.now() - splitStartedAt);
    }
    const shownAt = await outer.waitForScreen((lines) => countPrompts(lines) >= plan.panes, {
      timeoutMs: PROMPTS_TIMEOUT_MS,
      what: `${driver.name}: ${plan.panes} shell prompts`,
    });
    return {
      splits: splits.reduce((sum, ms) => sum + ms, 0),
      split: median(splits) ?? Number.NaN,
      prompts: shownAt - startedAt - choosing,
    };
  },
};
