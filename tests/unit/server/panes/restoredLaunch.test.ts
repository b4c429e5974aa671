// Planning an agent pane of a workspace being opened again: an agent that cannot start keeps its place
// (nothing runs, the pane says why and how to start it) and its conversation, where a fresh request is refused.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentCatalog } from '../../../../src/agents/agentCatalog.js';
import { planLaunch, type PlanContext } from '../../../../src/server/panes/launchPlan.js';
import { DEFAULT_SETTINGS } from '../../../../src/store/settingsDefaults.js';

const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-restored-'));
afterAll(() => fs.rmSync(empty, { recursive: true, force: true }));

/** A PATH with no agent CLI on it. */
const ctx: PlanContext = { settings: DEFAULT_SETTINGS, catalog: new AgentCatalog([]), env: { PATH: empty }, configDir: path.join(empty, 'config') };
const resumed = { kind: 'claude', resume: { sessionId: '5f0c4a52-9d7e-4c1b-8f3e-2a6b7c8d9e01' } };

describe('an agent pane started again from its record', () => {
  it('keeps a missing CLI\'s conversation and says how to start it, where a fresh pane is only told to install it', () => {
    const plan = planLaunch({ agent: resumed, restored: true }, ctx);
    expect(plan).toMatchObject({ file: undefined, kind: 'agent', agent: 'claude', sessionId: resumed.resume.sessionId });
    expect(plan.missingMessage).toContain('could not start claude again');
    expect(plan.missingMessage).toContain('not installed');
    expect(plan.missingMessage).toContain(`Its conversation ${resumed.resume.sessionId} is kept`);
    expect(plan.missingMessage).toContain("press Enter in this pane (or 'tessera wake') to start it");
    const fresh = planLaunch({ agent: { kind: 'claude' } }, ctx);
    expect(fresh.missingMessage).toContain('press Enter to close this pane');
  });

  it('keeps an agent the settings no longer define, where a fresh request is refused', () => {
    const plan = planLaunch({ agent: { kind: 'helper' }, restored: true }, ctx);
    expect(plan).toMatchObject({ file: undefined, kind: 'agent', agent: 'helper', sessionId: undefined });
    expect(plan.missingMessage).toContain("unknown agent 'helper'");
    expect(() => planLaunch({ agent: { kind: 'helper' } }, ctx)).toThrow(/unknown agent 'helper'/);
  });

  it('shows nothing of the reason, the agent\'s name or its conversation that could steer the terminal', () => {
    const catalog = new AgentCatalog([], 'config.json:1:2: \x1b]52;c;ZXZpbA==\x07 oops');
    const plan = planLaunch({ agent: { kind: 'helper\x1b]0;x\x07', resume: { sessionId: 'id\x1b[2J' } }, restored: true }, { ...ctx, catalog });
    expect(plan.missingMessage).not.toContain('\x1b]52');
    expect(plan.missingMessage).not.toContain('\x1b]0');
    expect(plan.missingMessage).not.toContain('\x1b[2J');
    expect(plan.missingMessage).not.toContain('\x07');
  });
});
