// reload: read the settings file again now.

import { reload as definition } from '../../commands/reload.js';
import { implement } from './command.js';

export const reload = implement(definition, (_args, ctx) => ctx.settings.reload());
