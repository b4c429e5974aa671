// Gemini CLI's launch flags, read from `gemini --help` of @google/gemini-cli 0.61.0.

import { trailing, unsupported, type AgentLaunch } from './options.js';

export const geminiLaunch: AgentLaunch = {
  kind: 'gemini',
  displayName: 'Gemini CLI',
  checkedVersion: '0.61.0',
  installHint: 'npm install -g @google/gemini-cli',
  // The aliases of "Model selection" in the package's docs/cli/cli-reference.md, then two concrete names from it.
  models: ['auto', 'pro', 'flash', 'flash-lite', 'gemini-2.5-pro', 'gemini-2.5-flash'],
  bypassDescription: 'Gemini CLI runs every tool (shell commands, file edits) without asking first (--approval-mode yolo).',
  // "-m, --model  Model  [string]"
  model: { flags: (model) => trailing('--model', model), conflicts: ['--model', '-m'] },
  // 0.61.0 has no effort flag and no flag that overrides a setting: thinking budgets live in settings.json only.
  effort: {
    flags: () =>
      unsupported(
        'Gemini CLI has no effort flag: set a thinkingConfig (thinkingBudget or thinkingLevel) under ' +
          'modelConfigs in ~/.gemini/settings.json instead, and leave effort unset',
      ),
    conflicts: [],
  },
  // "--approval-mode  … yolo (auto-approve all tools)"; "-y, --yolo" is the deprecated spelling of the same.
  // (docs/reference/configuration.md says yolo turns the sandbox on; 0.61.0's loadSandboxConfig reads only --sandbox and
  // settings, so it does not.)
  bypassPermissions: { flags: () => trailing('--approval-mode', 'yolo'), conflicts: ['--approval-mode', '--yolo', '-y'] },
  // "-r, --resume  Resume a previous session. Use "latest" for most recent or index number"; the bundled code also
  // takes "a full UUID".
  resume: {
    flags: (target) => trailing('--resume', target === 'latest' ? 'latest' : target.sessionId),
    conflicts: ['--resume', '-r', '--session-id', '--session-file'],
  },
  // "--session-id  Start a new session with a manually provided UUID."
  newSession: { flags: (id) => trailing('--session-id', id), conflicts: ['--resume', '-r', '--session-id', '--session-file'] },
};
