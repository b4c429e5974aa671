// opencode's launch flags, read from `opencode --help` of opencode-ai 1.18.33.

import { trailing, unsupported, type AgentLaunch } from './options.js';

export const opencodeLaunch: AgentLaunch = {
  kind: 'opencode',
  displayName: 'opencode',
  checkedVersion: '1.18.33',
  installHint: 'npm install -g opencode-ai',
  // What `opencode models` lists in 1.18.33 with no provider configured: its own free models.
  models: ['opencode/big-pickle', 'opencode/nemotron-3-ultra-free', 'opencode/mimo-v2.6-flash-free'],
  bypassDescription:
    'opencode approves every permission your opencode config does not explicitly deny, such as shell commands and ' +
    'file edits, without asking (--auto).',
  // "-m, --model  model to use in the format of provider/model"
  model: {
    flags: (model) =>
      model.includes('/')
        ? trailing('--model', model)
        : unsupported(`opencode needs the model as provider/model (for example opencode/big-pickle), not '${model}'`),
    conflicts: ['--model', '-m'],
  },
  // Only `opencode run` has "--variant  model variant (provider-specific reasoning effort)"; the interactive UI has none.
  effort: {
    flags: () =>
      unsupported(
        'opencode has no effort flag for its interactive UI: pick a model variant with ctrl+t ("Cycle model variants") ' +
          'inside opencode instead, and leave effort unset',
      ),
    conflicts: [],
  },
  // "--auto  auto-approve permissions that are not explicitly denied (dangerous!)"
  bypassPermissions: { flags: () => trailing('--auto'), conflicts: ['--auto'] },
  // "-c, --continue  continue the last session"; "-s, --session  session id to continue"
  resume: {
    flags: (target) => (target === 'latest' ? trailing('--continue') : trailing('--session', target.sessionId)),
    conflicts: ['--continue', '-c', '--session', '-s'],
  },
};
