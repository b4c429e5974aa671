// tessera hook NAME: run one hook of the workspace's stack profile (agents report through `agent-hook`).

import { UsageError, boolFlag } from './argParser.js';
import { oneOf } from '../protocol/validate.js';
import { STACK_HOOKS, type StackHook } from '../store/stackProfile.js';
import { terminalJson } from '../term/visibleText.js';
import { defineCommand } from './contract.js';
import { parseStackArgs, stackArgsFromCli, stackWorkspaceFlag, type StackArgs } from './stackResults.js';
import { jsonFlag } from './targets.js';

export interface HookArgs extends StackArgs {
  hook: StackHook;
}

export interface HookRunResult {
  workspace: string;
  hook: StackHook;
  /** The exit status; null when a signal or the time limit ended it. */
  code: number | null;
  timedOut: boolean;
  /** What it wrote (the end of it; the whole is in the log). */
  output: string;
  log: string;
  error?: string;
}

/** Exit status of the command line when the hook was ended by its time limit (as timeout(1) says it). */
const TIMED_OUT_STATUS = 124;

export const hook = defineCommand<HookArgs, HookRunResult>({
  name: 'hook',
  summary: "run one hook of the workspace's stack profile (migrate, seed, e2e …)",
  usage: `tessera hook NAME [-t WORKSPACE] [--json]

  Runs one hook of the stack profile in .tessera.json, in the workspace's folder with its slot and
  ports in the environment, prints its output and exits with its status (124 when its time limit
  ended it). NAME is one of: ${STACK_HOOKS.join(', ')}.`,
  server: 'start',
  flags: [stackWorkspaceFlag, jsonFlag],
  maxPositionals: 1,
  fromCli(args) {
    const name = args.positionals[0];
    if (name === undefined) throw new UsageError(`name a hook: ${STACK_HOOKS.join(', ')}`);
    if (!(STACK_HOOKS as readonly string[]).includes(name)) throw new UsageError(`'${name}' is not a hook; hooks are ${STACK_HOOKS.join(', ')}`);
    return { ...stackArgsFromCli(args), hook: name as StackHook };
  },
  parse: (fields) => ({ ...parseStackArgs(fields), hook: oneOf(fields.hook, 'hook', STACK_HOOKS) }),
  print(result, args, output) {
    if (boolFlag(args, 'json')) output.out(`${terminalJson(result)}\n`);
    else output.out((result.output));
    if (result.timedOut) {
      output.err(`tessera: hook ${result.hook} did not finish in time and was ended (log: ${(result.log)})\n`);
      return TIMED_OUT_STATUS;
    }
    if (result.error !== undefined) output.err(`tessera: hook ${result.hook} could not run: ${(result.error)}\n`);
    return result.code ?? 1;
  },
});
