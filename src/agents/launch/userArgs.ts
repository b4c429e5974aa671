// Where tessera's flags go among the user's args, and whether the user's args already set the same option.

import type { Conflict } from './options.js';

/** The user arg that sets what `conflicts` describe, if any; args after a `--` are operands, never flags. */
export function conflictingArg(args: readonly string[], conflicts: readonly Conflict[]): string | undefined {
  return flagPart(args).find((arg) => conflicts.some((conflict) => matches(arg, conflict)));
}

function matches(arg: string, conflict: Conflict): boolean {
  if (conflict instanceof RegExp) return conflict.test(arg);
  if (arg === conflict) return true;
  // `--model=x`; a short flag may carry its value glued on (`-mx`).
  return conflict.startsWith('--') ? arg.startsWith(`${conflict}=`) : /^-[^-]$/.test(conflict) && arg.startsWith(conflict);
}

/** `trailing` goes after the user's flags but before a `--`, which would turn it into operands. */
export function withFlags(leading: readonly string[], args: readonly string[], trailing: readonly string[]): string[] {
  const end = args.indexOf('--');
  if (end < 0) return [...leading, ...args, ...trailing];
  return [...leading, ...args.slice(0, end), ...trailing, ...args.slice(end)];
}

const flagPart = (args: readonly string[]): readonly string[] => {
  const end = args.indexOf('--');
  return end < 0 ? args : args.slice(0, end);
};
