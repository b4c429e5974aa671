// start-server: the command line started the server (or found it running); nothing more to do.

import { startServer as definition } from '../../commands/startServer.js';
import { implement } from './command.js';

export const startServer = implement(definition, () => ({ pid: process.pid }));
