// send-keys: type keys into a pane (queued: the command never waits for the program to read them).

import { sendKeys as definition } from '../../commands/sendKeys.js';
import { namedKeyBytes } from '../../term/keys/named.js';
import { RefusedError } from '../refusedError.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const sendKeys = implement(definition, (args, ctx) => {
  const { pane } = resolvePane(args.pane, ctx);
  if (pane.isExited) throw new RefusedError(`pane ${pane.id} has exited`);
  if (!pane.isLive) throw new RefusedError(`pane ${pane.id} runs no program`);
  const bytes = args.keys.map((key) => (args.literal ? key : (namedKeyBytes(key, pane.inputModes) ?? key))).join('');
  if (!pane.write(bytes)) {
    throw new RefusedError(`pane ${pane.id} is not reading its input: too much is already waiting for it (try again later)`);
  }
  return null;
});
