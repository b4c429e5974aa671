// tessera reload: apply the settings file now, and say whether it was applied.

import { controlCommand } from '../controlCommand.js';

interface Outcome {
  status: 'applied' | 'unchanged' | 'invalid';
  file: string;
  error?: string;
  problems: string[];
}

export const reload = controlCommand({
  name: 'reload',
  usage: `tessera reload

  Reads the settings file (config.json in the config directory) again and applies it to every
  attached client at once: the prefix, key bindings, notifications and the rest. The server also
  watches the file, so saving it is usually enough; this command is for scripts and for file
  systems where watching does not work.

  A file with a mistake is not applied: the previous settings stay in force, and the mistake is
  printed with its line and column (exit status 1). A key binding that conflicts with another is
  left out and reported (exit status 1); the rest of the file is applied.`,
  flags: [],
  toArgs: () => ({}),
  print(result, _args, ctx) {
    const outcome = result as Outcome;
    if (outcome.status === 'invalid') {
      ctx.err(`tessera: settings not applied: ${outcome.error ?? 'unknown error'}\ntessera: the previous settings stay in force (${outcome.file})\n`);
      return 1;
    }
    ctx.out(outcome.status === 'applied' ? `settings applied from ${outcome.file}\n` : `settings unchanged (${outcome.file})\n`);
    for (const problem of outcome.problems) ctx.err(`tessera: not applied: ${problem}\n`);
    return outcome.problems.length > 0 ? 1 : 0;
  },
});
