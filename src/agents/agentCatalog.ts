// The agent kinds there are (built-ins plus the user's custom agents), built once from settings: the server's, and
// the command line's when it answers without a server.

import { agentKindEntries, agentKindForCommand, type AgentKindEntry, type CustomAgent } from './agentKinds.js';
import { resolveBinary } from '../shell/resolveBinary.js';

export class AgentCatalog {
  readonly entries: AgentKindEntry[];

  /**
   * `settingsError`: why the settings file is not in force, if it is not. Its custom agents are then unknown, and
   * whoever names one is told why rather than only that the name is unknown.
   */
  constructor(
    private readonly custom: readonly CustomAgent[],
    private readonly settingsError?: string,
  ) {
    this.entries = agentKindEntries(custom);
  }

  /** "unknown agent 'x'; known agents: …", and why the settings' custom agents are not in use when they are not. */
  unknownMessage(kind: string): string {
    const known = `unknown agent '${kind}'; known agents: ${this.names().join(', ')}`;
    return this.settingsError === undefined ? known : `${known} (the settings file is not in use, so neither are its custom agents: ${this.settingsError})`;
  }

  find(kind: string): AgentKindEntry | undefined {
    return this.entries.find((e) => e.kind === kind);
  }

  /** The agent a command line runs (`claude`, `/opt/bin/codex`, a custom agent's program), if any. */
  kindForCommand(argv0: string): string | undefined {
    return agentKindForCommand(argv0, this.custom);
  }

  /** Program names that custom agents run: defining an agent in settings allows its program. */
  get customPrograms(): string[] {
    return this.custom.map((a) => a.command);
  }

  names(): string[] {
    return this.entries.map((e) => e.kind);
  }

  isInstalled(entry: AgentKindEntry, options: { configDir: string; envPath: string | undefined }): boolean {
    return resolveBinary(entry.command, options).ok;
  }
}
