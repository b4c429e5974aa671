// The commands the quick path answers (src/cli/quick.ts): read-only queries that scripts and status
// bars run in loops. Only their names here: the launcher reads the command line with them before it
// loads either bundle.

export const QUICK_COMMANDS: readonly string[] = ['approvals', 'server-info', 'list-panes'];

/** A command line the quick path may answer: the command, its -L or -S, and what follows the command. */
export interface QuickLine {
  command: string;
  name?: string;
  socketFile?: string;
  rest: string[];
}

/** The command line as a QuickLine, or undefined when the full command line must read it (-H, help, another command). */
export function quickCommandOf(argv: readonly string[]): QuickLine | undefined {
  let name: string | undefined;
  let socketFile: string | undefined;
  let i = 0;
  for (; i + 1 < argv.length && (argv[i] === '-L' || argv[i] === '-S'); i += 2) {
    if (argv[i] === '-L') name = argv[i + 1];
    else socketFile = argv[i + 1];
  }
  const command = argv[i];
  if (command === undefined || !QUICK_COMMANDS.includes(command)) return undefined;
  // Both -L and -S, or help: the full command line says what it says about them.
  if (name !== undefined && socketFile !== undefined) return undefined;
  const rest = argv.slice(i + 1);
  if (rest.includes('--help') || rest.includes('-h')) return undefined;
  return { command, ...(name !== undefined ? { name } : {}), ...(socketFile !== undefined ? { socketFile } : {}), rest };
}
