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
  /** The output was sent to the command line as it came (printed then, not again). */
  streamed?: boolean;
  log: string;
  error?: string;
}

/** A hook run from a key or the palette: it runs in a logs viewer pane, which shows its output as it comes and how it ended. */
export interface HookInPane {
  workspace: string;
  hook: StackHook;
  pane: number;
  /** The viewer was open already: it was focused and runs the hook again. */
  existing: boolean;
}

export type HookAnswer = HookRunResult | HookInPane;

/** Exit status of the command line when the hook was ended by its time limit (as timeout(1) says it). */
const TIMED_OUT_STATUS = 124;

export const hook = defineCommand<HookArgs, HookAnswer>({
  name: 'hook',
  summary: "run one hook of the workspace's stack profile (migrate, seed, e2e …)",
  usage: `tessera hook NAME [-t WORKSPACE] [--json]

  Runs one hook of the stack profile in .tessera.json, in the workspace's folder with its slot and
  ports in the environment, prints its output as it comes and exits with its status (124 when its
  time limit ended it; Ctrl-C ends the hook). Its output is also appended to its log ('tessera
  logs NAME'). --json prints one answer at the end, with the end of the output. From a key or the
  palette (or a 'bind' setting), the hook runs in a logs viewer pane instead, which shows its output
  as it comes and how it ended.
  NAME is one of: ${STACK_HOOKS.join(', ')}.`,
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
  liveOutput: (args) => !boolFlag(args, 'json'),
  print(result, args, output) {
    if (boolFlag(args, 'json')) output.out(`${terminalJson(result)}\n`);
    if ('pane' in result) {
      if (!boolFlag(args, 'json')) output.out(`hook ${result.hook} runs in pane ${result.pane}${result.existing ? ' (again)' : ''}: its output shows there as it comes\n`);
      return 0;
    }
    if (!boolFlag(args, 'json') && !result.streamed) output.out(result.output);
    if (result.timedOut) {
      output.err(`tessera: hook ${result.hook} did not finish in time and was ended (log: ${result.log})\n`);
      return TIMED_OUT_STATUS;
    }
    if (result.error !== undefined) output.err(`tessera: hook ${result.hook} could not run: ${result.error}\n`);
    return result.code ?? 1;
  },
});

