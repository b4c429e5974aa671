// The agent kinds this server knows (built-ins plus the user's custom agents), built once from settings.

import { agentKindEntries, agentKindForCommand, type AgentKindEntry, type CustomAgent } from '../../agents/agentKinds.js';
import { resolveBinary } from '../../shell/resolveBinary.js';

export class AgentCatalog {
  readonly entries: AgentKindEntry[];

  constructor(private readonly custom: readonly CustomAgent[]) {
    this.entries = agentKindEntries(custom);
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
