// A small, strict command-line parser: every unknown flag or missing value is an error with a message.

import { didYouMean } from './didYouMean.js';

export interface FlagSpec {
  /** Long name without dashes, e.g. 'json'. */
  name: string;
  short?: string;
  /** Takes a value (`-t NAME`, `--target=NAME`). */
  value?: boolean;
  /** Added to the error when the value is missing, e.g. where to find the values there are. */
  valueHint?: string;
  /**
   * The value may be left out (the flag is then `true`, and the command says what values there are).
   * Only for values that never start with '-': a following `-x` or `--` is then the next flag.
   */
  valueOptional?: boolean;
}

export interface ParsedArgs {
  flags: Map<string, string | true>;
  positionals: string[];
  /** Everything after a `--`. */
  rest: string[] | undefined;
}

export class UsageError extends Error {
  /** The command whose command line was wrong, once known: the hint names its own help. */
  command?: string;
}

export function parseArgs(argv: string[], specs: FlagSpec[], options: { maxPositionals?: number } = {}): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  let rest: string[] | undefined;
  const byShort = new Map(specs.filter((s) => s.short).map((s) => [s.short as string, s]));
  const byLong = new Map(specs.map((s) => [s.name, s]));

  const take = (spec: FlagSpec, inline: string | undefined, i: number): number => {
    if (!spec.value) {
      if (inline !== undefined) throw new UsageError(`--${spec.name} does not take a value`);
      flags.set(spec.name, true);
      return i;
    }
    if (inline !== undefined) {
      flags.set(spec.name, inline);
      return i;
    }
    const next = argv[i + 1];
    if (spec.valueOptional && (next === undefined || next.startsWith('-'))) {
      flags.set(spec.name, true);
      return i;
    }
    // `--` ends the options: it is never a value (`--prompt -- CMD` must not swallow the command); a
    // value that is `--` itself can still be given as `--prompt=--`.
    if (next === undefined || next === '--') {
      throw new UsageError(`${spec.short ? `-${spec.short}` : `--${spec.name}`} needs a value${spec.valueHint ? `; ${spec.valueHint}` : ''}`);
    }
    flags.set(spec.name, next);
    return i + 1;
  };

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      rest = argv.slice(i + 1);
      break;
    }
    if (arg.startsWith('--') && arg.length > 2) {
      const eq = arg.indexOf('=');
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      const spec = byLong.get(name);
      if (!spec) throw new UsageError(`unknown option --${name}${didYouMean(name, [...byLong.keys()], (w) => `--${w}`)}`);
      i = take(spec, eq === -1 ? undefined : arg.slice(eq + 1), i);
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg)) {
      // Short flags may be bundled (-dv) and the last may take a value (-tNAME or -t NAME).
      for (let j = 1; j < arg.length; j++) {
        const spec = byShort.get(arg[j]);
        if (!spec) throw new UsageError(`unknown option -${arg[j]}${j === 1 && arg.length > 2 ? didYouMean(arg.slice(1), [...byLong.keys()], (w) => `--${w}`) : ''}`);
        if (spec.value) {
          const inline = arg.slice(j + 1);
          i = take(spec, inline.length > 0 ? inline : undefined, i);
          break;
        }
        take(spec, undefined, i);
      }
      continue;
    }
    positionals.push(arg);
  }
  if (options.maxPositionals !== undefined && positionals.length > options.maxPositionals) {
    const extra = positionals[options.maxPositionals];
    // `tessera rm NAME` for `tessera rm -t NAME`: a command that takes no word but a target says how to give it.
    const target = byLong.get('target');
    const hint = options.maxPositionals === 0 && target?.short !== undefined && !flags.has('target') ? `; to name what it acts on, use -${target.short} ${extra}` : '';
    throw new UsageError(`unexpected argument '${extra}'${hint}`);
  }
  return { flags, positionals, rest };
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

export function boolFlag(args: ParsedArgs, name: string): boolean {
  return args.flags.get(name) === true;
}
