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
  /** Run from a key or the palette: the logs viewer pane that showed its output as it came. */
  pane?: number;
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
  ports in the environment, prints its output as it comes and exits with its status (124 when its
  time limit ended it). NAME is one of: ${STACK_HOOKS.join(', ')}. Its output is also appended to
  its log ('tessera logs NAME'). --json prints one answer at the end, with the end of the output.
  From a key or the palette, the hook's log opens in a viewer pane that shows its output live.`,
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
    else if (result.pane !== undefined) output.out(`hook ${result.hook} ${ending(result)} (its output is in pane ${result.pane})\n`);
    else if (!result.streamed) output.out(result.output);
    if (result.pane !== undefined) return result.timedOut ? TIMED_OUT_STATUS : (result.code ?? 1);
    if (result.timedOut) {
      output.err(`tessera: hook ${result.hook} did not finish in time and was ended (log: ${result.log})\n`);
      return TIMED_OUT_STATUS;
    }
    if (result.error !== undefined) output.err(`tessera: hook ${result.hook} could not run: ${result.error}\n`);
    return result.code ?? 1;
  },
});

/** How the hook ended, in words (for the status bar, where its output is not). */
function ending(result: HookRunResult): string {
  if (result.timedOut) return 'did not finish in time and was ended';
  if (result.error !== undefined) return `could not run: ${result.error}`;
  return result.code === null ? 'was ended by a signal' : result.code === 0 ? 'finished' : `failed with status ${result.code}`;
}
