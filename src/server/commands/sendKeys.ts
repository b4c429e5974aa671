// send-keys: type into a pane; key names become their bytes, everything else is typed as text.

import { optBool, strArray } from '../../protocol/validate.js';
import { namedKeyBytes } from '../../term/keys/named.js';
import { RefusedError } from '../workspace.js';
import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

export const sendKeys: ServerCommand = {
  name: 'send-keys',
  run(args, ctx) {
    const { pane } = targetPane(args, ctx);
    const keys = strArray(args.keys, 'keys', 10_000);
    const literal = optBool(args.literal, 'literal') ?? false;
    if (pane.isExited) throw new RefusedError(`pane ${pane.id} has exited`);
    if (!pane.isLive) throw new RefusedError(`pane ${pane.id} runs no program`);
    const bytes = keys.map((key) => (literal ? key : (namedKeyBytes(key, pane.inputModes) ?? key))).join('');
    if (!pane.write(bytes)) {
      throw new RefusedError(`pane ${pane.id} is not reading its input: too much is already waiting for it (try again later)`);
    }
    return null;
  },
};
