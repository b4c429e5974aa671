// Every command of the command line is one definition (src/commands/) with its server side, except
// the few that are the command line's own (attaching a terminal, a stream, this machine's hosts):
// an old-form command (a CLI file asking the server with an untyped request) cannot come back.

import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands/index.js';
import { SERVER_COMMANDS } from '../../../src/server/commands/index.js';

/** Commands that are no request and answer, each with why (docs/architecture.md says the same). */
const CLI_ONLY: Readonly<Record<string, string>> = {
  attach: 'attaches this terminal: a session, not an answer',
  events: 'a stream of events, not one answer',
  serve: 'is the bridge at the far end of -H (stdin/stdout)',
  hosts: "reads this machine's hosts setting and asks each host",
  host: 'installs tessera on a host through ssh',
  profile: 'checks a profile file on this disk; no server is asked',
};

describe('the command registry', () => {
  it('has a definition, served by the server, for every command but the command line\'s own', async () => {
    const oldForm: string[] = [];
    for (const entry of COMMANDS) {
      const command = await entry.load();
      if (entry.name in CLI_ONLY) {
        expect(command.definition, `${entry.name} is listed as the command line's own`).toBeUndefined();
        continue;
      }
      if (!command.definition) {
        oldForm.push(entry.name);
        continue;
      }
      expect(command.definition.name).toBe(entry.name);
      expect(entry.aliases ?? [], entry.name).toEqual(command.definition.aliases ?? []);
      // The definition has the summary; a second one in the registry would drift.
      expect(entry.summary, entry.name).toBeUndefined();
      expect(SERVER_COMMANDS.get(entry.name)?.definition, `${entry.name} has no implement() on the server`).toBe(command.definition);
    }
    expect(oldForm).toEqual([]);
  });

  it('lists each command the command line keeps for itself', () => {
    expect(Object.keys(CLI_ONLY).filter((name) => !COMMANDS.some((c) => c.name === name))).toEqual([]);
  });
});
