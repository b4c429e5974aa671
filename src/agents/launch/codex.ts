// Codex's launch flags, read from `codex --help` and `codex resume --help` of @openai/codex 0.169.0.

import { trailing, type AgentLaunch } from './options.js';

/** The config key for reasoning effort; 0.169.0 rejects a non-string value "in `model_reasoning_effort`". */
const EFFORT_KEY = 'model_reasoning_effort';

export const codexLaunch: AgentLaunch = {
  kind: 'codex',
  displayName: 'Codex',
  checkedVersion: '0.169.0',
  installHint: 'npm install -g @openai/codex',
  // The listed models of the catalog bundled in 0.169.0 (`codex debug models --bundled`), by its priority.
  models: ['gpt-6.1-sol', 'gpt-6-astra', 'gpt-6-sol', 'gpt-6-luna', 'gpt-6.1-terra'],
  bypassDescription:
    'Codex runs every command without asking and without its sandbox, so commands can change anything your user can ' +
    '(--dangerously-bypass-approvals-and-sandbox).',
  // "-m, --model <MODEL>  Model the agent should use"
  model: { flags: (model) => trailing('--model', model), conflicts: ['--model', '-m', /^(-c|--config=)?model\s*=/] },
  // No effort flag; "-c, --config <key=value>  Override a configuration value … The `value` portion is parsed as TOML."
  effort: {
    flags: (effort) => trailing('--config', `${EFFORT_KEY}="${effort}"`),
    conflicts: [new RegExp(`${EFFORT_KEY}\\s*=`)],
  },
  // "--dangerously-bypass-approvals-and-sandbox  Skip all confirmation prompts and execute commands without sandboxing."
  // -a (approval policy), -s (sandbox) and --approve-for-me decide the same things.
  bypassPermissions: {
    flags: () => trailing('--dangerously-bypass-approvals-and-sandbox'),
    conflicts: ['--dangerously-bypass-approvals-and-sandbox', '--ask-for-approval', '-a', '--sandbox', '-s', '--approve-for-me'],
  },
  // A subcommand: "codex resume [OPTIONS] [SESSION_ID] [PROMPT]", "--last  Continue the most recent session without
  // showing the picker". The id goes right after `resume` so a prompt among the user's args stays the PROMPT. (Whether
  // the TUI reads a prompt after `--last` as PROMPT rather than SESSION_ID was not checked against 0.169.0.)
  resume: {
    flags: (target) => ({ ok: true, leading: target === 'latest' ? ['resume', '--last'] : ['resume', target.sessionId], trailing: [] }),
    conflicts: [],
  },
  subcommands: [
    'agents', 'exec', 'e', 'review', 'login', 'logout', 'mcp', 'plugin', 'app-server', 'remote-control', 'completion',
    'update', 'doctor', 'sandbox', 'debug', 'apply', 'a', 'resume', 'queue', 'archive', 'delete', 'migrate-rollouts',
    'migrate-nfs-db', 'unarchive', 'fork', 'cloud', 'exec-server', 'features', 'help',
  ],
};
