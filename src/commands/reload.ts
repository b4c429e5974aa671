// tessera reload: apply the settings file now.

import { defineCommand } from './contract.js';

export interface ReloadResult {
  /** 'applied': new settings in force; 'unchanged': the file says what is in force; 'invalid': the old ones stay. */
  status: 'applied' | 'unchanged' | 'invalid';
  file: string;
  error?: string;
  /** Parts that were not applied though the rest was (binding conflicts). */
  problems: string[];
}

export const reload = defineCommand<Record<string, never>, ReloadResult>({
  name: 'reload',
  summary: 'apply the settings file now (it is also watched)',
  usage: `tessera reload

  Reads the settings file (config.json in the config directory) again and applies it to every
  attached client at once: the prefix, key bindings, notifications and the rest. The server also
  watches the file, so saving it is usually enough; this command is for scripts and for file
  systems where watching does not work.

  A file with a mistake is not applied: the previous settings stay in force, and the mistake is
  printed with its line and column (exit status 1). A key binding that conflicts with another is
  left out and reported (exit status 1); the rest of the file is applied.`,
  flags: [],
  fromCli: () => ({}),
  parse: () => ({}),
  print(outcome, _args, output) {
    if (outcome.status === 'invalid') {
      output.err(`tessera: settings not applied: ${outcome.error ?? 'unknown error'}\ntessera: the previous settings stay in force (${outcome.file})\n`);
      return 1;
    }
    output.out(outcome.status === 'applied' ? `settings applied from ${outcome.file}\n` : `settings unchanged (${outcome.file})\n`);
    for (const problem of outcome.problems) output.err(`tessera: not applied: ${problem}\n`);
    return outcome.problems.length > 0 ? 1 : 0;
  },
});
