// The server's side of the stack commands: up, down, runtime, logs and hook (see src/server/stack/).

import fs from 'node:fs';
import { stackDown as downDefinition } from '../../commands/stackDown.js';
import { hook as hookDefinition, type HookAnswer } from '../../commands/hook.js';
import { stackLogs as logsDefinition, type LogsResult } from '../../commands/stackLogs.js';
import { stackRuntime as runtimeDefinition } from '../../commands/stackRuntime.js';
import { stackUp as upDefinition } from '../../commands/stackUp.js';
import { STACK_HOOK_TIMEOUT_MS } from '../../limits.js';
import { STACK_HOOKS, isStackHook } from '../../store/stackProfile.js';
import { projectPlace } from '../project/projectTrust.js';
import { runHook } from '../stack/runHook.js';
import { stackDown } from '../stack/stackDown.js';
import { stackStatus } from '../stack/stackStatus.js';
import { profiledTarget, stackTarget } from '../stack/stackTarget.js';
import { holdingStack } from '../stack/stackLock.js';
import { prepareRuntime, stackUp } from '../stack/stackUp.js';
import { RefusedError } from '../workspaces/workspace.js';
import type { CommandContext } from './command.js';
import { implement } from './command.js';

/** The slot the workspace's panes have now (its stack prefers it when no other stack holds it). */
function paneSlot(name: string, ctx: CommandContext): number | undefined {
  const slot = Number(ctx.registry.get(name)?.env.TESSERA_SLOT);
  return Number.isInteger(slot) && slot > 0 ? slot : undefined;
}

export const up = implement(upDefinition, async (args, ctx) => {
  const target = profiledTarget(args.workspace, ctx);
  const result = await stackUp(target, ctx.env, { build: !args.noBuild, preferredSlot: paneSlot(target.record.name, ctx), cancel: ctx.clientGone });
  // Panes opened from now on get the stack's slot and ports (running ones keep what they started with).
  const live = ctx.registry.get(target.record.name);
  const vars = ctx.registry.stackVariables(target.record.name, target.record.path);
  if (live && vars) Object.assign(live.env, vars);
  return result;
});

export const down = implement(downDefinition, (args, ctx) => stackDown(stackTarget(args.workspace, ctx).files));

export const runtime = implement(runtimeDefinition, (args, ctx) => {
  const target = stackTarget(args.workspace, ctx);
  const look = ctx.registry.projects.look(projectPlace(target.record));
  return stackStatus(target.files, look.approved ? look.project?.stack : undefined);
});

export const logs = implement(logsDefinition, (args, ctx): LogsResult => {
  const target = stackTarget(args.workspace, ctx);
  const look = ctx.registry.projects.look(projectPlace(target.record));
  const services = [...new Set([...(look.project?.stack?.services.map((s) => s.name) ?? []), ...target.files.pidServices()])];
  const all: LogsResult['logs'] = [
    ...services.map((name) => ({ name, kind: 'service' as const, file: target.files.serviceLog(name) })),
    ...STACK_HOOKS.map((name) => ({ name, kind: 'hook' as const, file: target.files.hookLog(name) })),
  ].map((l) => ({ ...l, exists: fileExists(l.file) }));
  // A name is only looked up among the profile's services and the fixed hooks, never made a path.
  const wanted = args.name === undefined ? all.filter((l) => l.exists) : all.filter((l) => l.name === args.name);
  if (args.name !== undefined && wanted.length === 0) {
    throw new RefusedError(`'${args.name}' is neither a service of workspace ${target.record.name}'s stack (${services.join(', ') || 'none'}) nor a hook (${STACK_HOOKS.join(', ')})`);
  }
  return { workspace: target.record.name, logs: isStackHook(args.name ?? '') ? wanted.filter((l) => l.kind === 'hook') : wanted };
});

export const hook = implement(hookDefinition, (args, ctx): HookAnswer | Promise<HookAnswer> => {
  const target = profiledTarget(args.workspace, ctx);
  const command = target.profile.hooks[args.hook];
  if (command === undefined) throw new RefusedError(`the stack profile of workspace ${target.record.name} declares no ${args.hook} hook`);
  // From a key or the palette nothing would show its output: a logs viewer pane runs it (through this command) and shows it.
  if (ctx.fromKey && target.live) {
    const opened = ctx.viewers.openLogs(target.live, { hook: args.hook });
    return { workspace: target.record.name, hook: args.hook, pane: opened.paneId, existing: opened.existing };
  }
  return holdingStack(target.files, `hook ${args.hook}`, 'hook', async (stop) => {
    const { env } = prepareRuntime(target, ctx.env, paneSlot(target.record.name, ctx));
    const log = target.files.hookLog(args.hook);
    const result = await runHook({ command, cwd: target.record.path, env, log, timeoutMs: target.profile.hookTimeoutMs ?? STACK_HOOK_TIMEOUT_MS, onOutput: ctx.output, cancel: stop });
    return { workspace: target.record.name, hook: args.hook, log, ...result, ...(ctx.output ? { streamed: true } : {}) };
  }, ctx.clientGone);
});

function fileExists(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
