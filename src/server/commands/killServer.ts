// kill-server: stop the server (after the answer is sent) and every pane in it.

import { killServer as definition } from '../../commands/killServer.js';
import { implement } from './command.js';

export const killServer = implement(definition, (_args, ctx) => {
  ctx.shutdown();
  return { pid: process.pid };
});
