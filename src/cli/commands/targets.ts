// Reading `-t PANE` from the command line: `3` or `%3`.

import { UsageError, stringFlag, type ParsedArgs } from '../../commands/argParser.js';

export function targetArg(args: ParsedArgs): string | undefined {
  const target = stringFlag(args, 'target');
  if (target === undefined) return undefined;
  if (!/^%?\d{1,9}$/.test(target)) throw new UsageError(`invalid pane '${target}': use the pane's number, e.g. -t 3`);
  return target.replace(/^%/, '');
}
