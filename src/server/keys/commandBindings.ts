// The `bind` setting as keymap rows: each bound key runs a tessera command line, as tmux's bind-key.
// A line is checked when the settings are applied (the command exists, can run from a key, and its
// flags parse), so a mistake is reported then and that binding left out, never found on the keypress.

import { UsageError, parseArgs } from '../../commands/argParser.js';
import type { CommandBinding, KeyOverride } from '../../store/settingsDefaults.js';
import { tokenizeShellCommand } from '../../shell/tokenize.js';
import { didYouMean } from '../../commands/didYouMean.js';
import { commandLineWords, findServerCommand } from '../commands/index.js';
import type { KeyAction } from './actions.js';

export interface BoundCommands {
  /** One row per binding that checked out (its key is given as an override, so conflicts are found). */
  actions: KeyAction[];
  overrides: KeyOverride[];
  /** Bindings left out, and why. */
  problems: string[];
}

export function boundCommands(bindings: readonly CommandBinding[]): BoundCommands {
  const result: BoundCommands = { actions: [], overrides: [], problems: [] };
  for (const binding of bindings) {
    const checked = checkCommandLine(binding.command);
    if (typeof checked === 'string') {
      result.problems.push(`${binding.where}: bind."${binding.key}": ${checked} (the key is left unbound)`);
      continue;
    }
    const name = `run: ${binding.command}`;
    result.actions.push({ name, description: `run: tessera ${binding.command}`, keys: [], run: (actions) => actions.runCommand(checked) });
    result.overrides.push({ action: name, keys: [binding.key], where: binding.where });
  }
  return result;
}

/** The command line as argv, or why it cannot be bound. */
export function checkCommandLine(line: string): string[] | string {
  const tokens = tokenizeShellCommand(line.trim());
  if (!tokens.ok) return tokens.message;
  const [name, ...rest] = tokens.argv;
  if (name === undefined) return 'the command line is empty';
  const command = findServerCommand(name);
  if (!command) return `unknown command '${name}'${didYouMean(name, commandLineWords())}`;
  const definition = command.definition;
  if (!definition) return `'${name}' cannot be run from a key yet`;
  if (definition.runCli) return `'${name}' works only at a terminal (it asks there, attaches, or asks other hosts), so it cannot be run from a key`;
  try {
    definition.fromCli(parseArgs(rest, definition.flags, { maxPositionals: definition.maxPositionals ?? 0 }), { cwd: '/', env: {} });
  } catch (error) {
    if (error instanceof UsageError) return `${name}: ${error.message}`;
    throw error;
  }
  return tokens.argv;
}
