// The shape of a control command on the server side; each lives in its own file.

import type { Fields } from '../../protocol/validate.js';
import type { Settings } from '../../store/settingsDefaults.js';
import type { ClientSession } from '../client/clientSession.js';
import type { WorkspaceRegistry } from '../workspaceRegistry.js';

export interface CommandContext {
  registry: WorkspaceRegistry;
  settings: Settings;
  clients: ReadonlySet<ClientSession>;
  socketPath: string;
  version: string;
  /** The client's working directory. */
  cwd?: string;
  /** The pane the command was typed in, when it was typed in one. */
  callerPane?: string;
  /** Stops the server after the answer is sent. */
  shutdown(): void;
}

export interface ServerCommand {
  name: string;
  run(args: Fields, ctx: CommandContext): unknown | Promise<unknown>;
}
