// An agent pane of a dormant workspace whose agent cannot start when the workspace opens again (its
// custom agent left the settings, its CLI is not installed here): the pane keeps its place, its agent,
// its conversation and its record, asleep, saying why; once the settings have the agent again, Enter
// in it starts the agent. It used to become a shell, and the record was rewritten to say so.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_FILE } from '../../src/store/settings.js';
import { FAKE_AGENT_SETTINGS, agentOrShell } from '../harness/fakeAgent.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { SHELL_PROMPT } from '../harness/programs.js';
import { until } from '../harness/until.js';

let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Pane `id` as list-panes shows it. */
async function paneOf(s: InProcessServer, id: number) {
  const rows = (await s.request('list-panes')) as { id: number; workspace: string; status: string; agent: string | null; focused: boolean }[];
  return rows.find((p) => p.id === id);
}
/** The pane's screen without its spaces and line breaks: a sentence wrapped at the pane's edge reads whole. */
const paneText = async (s: InProcessServer, id: number) => String(await s.request('capture-pane', { pane: String(id) })).replace(/\s+/g, '');
const squeezed = (text: string) => text.replace(/\s+/g, '');
const writeSettings = (s: InProcessServer, settings: object) => fs.writeFileSync(path.join(s.env.TESSERA_CONFIG_DIR as string, SETTINGS_FILE), JSON.stringify(settings));

describe('an agent that cannot start when its workspace opens again', () => {
  it('keeps its pane, agent and record, asleep and saying why; Enter starts it once the settings have it again', async () => {
    const a = await InProcessServer.start({ settings: FAKE_AGENT_SETTINGS, programFor: agentOrShell });
    server = a;
    const first = a.attach();
    await first.waitFor(SHELL_PROMPT);
    const { id } = (await a.request('new-pane', { agent: 'helper' })) as { id: number };
    const workspace = (await paneOf(a, id))?.workspace as string;
    await first.waitFor(() => a.storedRecord(workspace)?.panes.length === 2, 'the agent pane in the record');

    writeSettings(a, {}); // the custom agent is gone from the settings
    const b = await a.restart({ programFor: agentOrShell });
    server = b;
    const client = b.attach({ workspace });
    await client.waitFor(/could not start helper/);
    const said = await paneText(b, id);
    expect(said).toContain(squeezed("could not start helper again: unknown agent 'helper'"));
    expect(said).toContain(squeezed("press Enter in this pane (or 'tessera wake') to start it"));
    expect(await paneOf(b, id)).toMatchObject({ agent: 'helper', status: 'not installed', focused: true });
    expect(b.storedRecord(workspace)?.panes[1]).toMatchObject({ kind: 'agent', agent: 'helper' });
    // Still unknown: waking it is refused with the reason, and the pane stays as it was.
    await expect(b.request('wake', { pane: String(id) })).rejects.toThrow(/unknown agent 'helper'/);
    expect((await paneOf(b, id))?.status).toBe('not installed');

    writeSettings(b, FAKE_AGENT_SETTINGS);
    await b.request('reload');
    client.press('\r');
    await client.waitFor(/Allow this command\? touch task-/);
    const woken = await until(() => paneOf(b, id), (p) => p?.status === 'approval', 'the agent to ask');
    expect(woken?.agent).toBe('helper');
    expect(b.storedRecord(workspace)?.panes[1]).toMatchObject({ kind: 'agent', agent: 'helper' });
  });
});
