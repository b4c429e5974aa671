// reload: read the settings file again and apply it to every client (the watcher does this too).

import type { ServerCommand } from './command.js';

export const reload: ServerCommand = {
  name: 'reload',
  run: (_args, ctx) => ctx.settings.reload(),
};
