// The templates every user has: an agent with a shell beside it, and agents side by side on one task.

import type { WorkspaceTemplate } from './workspaceTemplate.js';

export const BUILTIN_TEMPLATES: readonly WorkspaceTemplate[] = [
  { name: 'claude+shell', description: 'Claude Code, a shell beside it', panes: [{ agent: 'claude' }, { shell: true }] },
  { name: 'codex+shell', description: 'Codex, a shell beside it', panes: [{ agent: 'codex' }, { shell: true }] },
  { name: 'pair', description: 'Claude Code and Codex side by side (--prompt goes to both)', panes: [{ agent: 'claude' }, { agent: 'codex' }] },
  { name: 'pair+shell', description: 'Claude Code and Codex side by side, a shell below them', layout: 'bottom', panes: [{ agent: 'claude' }, { agent: 'codex' }, { shell: true }] },
  {
    name: 'all-agents',
    description: 'every installed agent on the same task (claude, codex, gemini, opencode)',
    panes: [{ agent: 'claude' }, { agent: 'codex' }, { agent: 'gemini' }, { agent: 'opencode' }],
  },
];
