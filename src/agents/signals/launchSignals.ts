// The flags that give an agent tessera launches its own channel back to tessera: Claude Code's hooks through a
// per-run --settings, Codex's notify program and OSC 9 notifications through -c. Only on the command line, so
// the user's own config files stay as they are; left out when the user's args already set the same thing.

import type { AgentKind } from '../detection.js';
import { conflictingArg } from '../launch/userArgs.js';
import { claudeHookSettings } from './claudeHooks.js';
import { CODEX_SIGNAL_CONFLICTS, codexSignalArgs } from './codexNotify.js';

/** `--settings` of the user's own, or `--bare` (which runs no hooks): then tessera adds none. */
const CLAUDE_SIGNAL_CONFLICTS = ['--settings', '--bare'];

/** The flags for `kind`, where `hook` runs `tessera agent-hook` (node, the entry script, `hook`). */
export function signalArgs(kind: AgentKind, hook: readonly string[], userArgs: readonly string[]): string[] {
  switch (kind) {
    case 'claude':
      if (conflictingArg(userArgs, CLAUDE_SIGNAL_CONFLICTS) !== undefined) return [];
      return ['--settings', claudeHookSettings([...hook, 'claude'].map(shellQuoted).join(' '))];
    case 'codex':
      if (conflictingArg(userArgs, CODEX_SIGNAL_CONFLICTS) !== undefined) return [];
      return codexSignalArgs([...hook, 'codex']);
    default:
      // Gemini CLI 0.61.0 takes hooks from settings files only, opencode 1.18.33 from plugin files: not per run.
      return [];
  }
}

/** One word for a POSIX shell (Claude runs a hook's command through one). */
export const shellQuoted = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
