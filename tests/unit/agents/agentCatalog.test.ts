// The catalog's message for an agent it does not know: the known names, and why custom agents are missing.

import { describe, expect, it } from 'vitest';
import { AgentCatalog } from '../../../src/agents/agentCatalog.js';

describe('AgentCatalog.unknownMessage', () => {
  it('lists the known agents', () => {
    expect(new AgentCatalog([]).unknownMessage('cluade')).toBe("unknown agent 'cluade'; known agents: claude, codex, opencode, gemini");
  });

  it('says why the settings file, and so its custom agents, is not in use', () => {
    const message = new AgentCatalog([], 'config.json:3:5: customAgents[0] needs approvalKeys').unknownMessage('mine');
    expect(message).toMatch(/^unknown agent 'mine'; known agents: claude, codex, opencode, gemini \(the settings file is not in use, so neither are its custom agents: config\.json:3:5: customAgents\[0\] needs approvalKeys\)$/);
  });
});
