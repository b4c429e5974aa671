// explain: why a pane's pill says what it says — the rule or signal that decided, and what it matched.

import { explain } from '../../commands/explain.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';
import type { PromptDelivery } from '../agent/promptDelivery.js';

/** `prompt`: where the pane's initial prompt is (waiting for what, or delivered); nothing without one. */
function promptStatus(delivery: PromptDelivery | undefined): { prompt?: string } {
  return delivery ? { prompt: delivery.status() } : {};
}

export const explainPane = implement(explain, (args, ctx) => {
  const { pane } = resolvePane(args.pane, ctx);
  const base = { pane: pane.id, status: pane.status, kind: pane.kind, agent: pane.agent ?? null };
  if (!pane.installed) return { ...base, source: 'launch', rule: `${pane.command} is not installed`, matched: [] };
  if (pane.isExited) return { ...base, source: 'process', rule: `the program exited with status ${pane.exitCode}`, matched: [] };
  const monitor = ctx.agents.monitorOf(pane);
  if (monitor) return { ...base, ...monitor.explain(), ...promptStatus(ctx.agents.promptOf(pane)) };
  if (pane.kind === 'shell') return { ...base, ...pane.shellExplanation() };
  return { ...base, source: 'process', rule: 'a program runs in this pane', matched: [] };
});
