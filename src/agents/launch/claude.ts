// Claude Code's launch flags, read from `claude --help` of @anthropic-ai/claude-code 2.1.328.

import { trailing, type AgentLaunch } from './options.js';

export const claudeLaunch: AgentLaunch = {
  kind: 'claude',
  displayName: 'Claude Code',
  checkedVersion: '2.1.328',
  installHint: 'npm install -g @anthropic-ai/claude-code',
  // "--model <model>  Use an alias for the latest model (e.g. 'fable', 'opus', or 'sonnet') or a model's full name."
  // `haiku` is the fourth alias the 2.1.328 binary knows.
  models: ['fable', 'opus', 'sonnet', 'haiku'],
  bypassDescription:
    'Claude Code runs every tool (shell commands, file edits, web fetches) without asking first (--dangerously-skip-permissions).',
  model: { flags: (model) => trailing('--model', model), conflicts: ['--model'] },
  // "--effort <level>  Effort level for the current session (low, medium, high, xhigh, max)"
  effort: { flags: (effort) => trailing('--effort', effort), conflicts: ['--effort'] },
  // "--dangerously-skip-permissions  Bypass all permission checks." --permission-mode picks a mode too (one of them
  // is bypassPermissions), so a user arg setting it conflicts.
  bypassPermissions: {
    flags: () => trailing('--dangerously-skip-permissions'),
    conflicts: ['--dangerously-skip-permissions', '--permission-mode'],
  },
  // "-c, --continue  Continue the most recent conversation in the current directory"
  // "-r, --resume [value]  Resume a conversation by session ID or name, or pick from a list"
  resume: {
    flags: (target) => (target === 'latest' ? trailing('--continue') : trailing('--resume', target.sessionId)),
    conflicts: ['--continue', '-c', '--resume', '-r', '--session-id', '--from-pr', '--teleport'],
  },
  // "--session-id <uuid>  Use a specific session ID for the conversation (must be a valid UUID)"
  newSession: {
    flags: (id) => trailing('--session-id', id),
    conflicts: ['--continue', '-c', '--resume', '-r', '--session-id', '--from-pr', '--teleport', '--fork-session'],
  },
};
