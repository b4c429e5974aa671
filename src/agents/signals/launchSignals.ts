// What gives an agent tessera launches its own channel back to tessera: Claude Code's hooks through a per-run
// --settings, Codex's notify program through -c, opencode's plugin through OPENCODE_CONFIG_CONTENT. Only on the
// command line or in the pane's environment, so the user's own config files stay as they are; left out when the
// user's args or environment already set the same thing. Gemini CLI (0.61.0) takes hooks from settings files only
// (its system settings path must be a root-owned file), so its own word is its title (titleSignals.ts), as is
// Codex's approval.

import type { AgentKind } from '../detection.js';
import { conflictingArg } from '../launch/userArgs.js';
import { claudeHookSettings } from './claudeHooks.js';
import { CODEX_SIGNAL_CONFLICTS, codexSignalArgs } from './codexNotify.js';
import { OPENCODE_SIGNAL_VARIABLE, opencodeSignalEnv } from './opencodePlugin.js';

/** `--settings` of the user's own, or `--bare` (which runs no hooks): then tessera adds none. */
const CLAUDE_SIGNAL_CONFLICTS = ['--settings', '--bare'];

/** The flags for `kind`, where `hook` runs `tessera agent-hook` (node, the entry script, `agent-hook`). */
export function signalArgs(kind: AgentKind, hook: readonly string[], userArgs: readonly string[]): string[] {
  switch (kind) {
    case 'claude':
      if (conflictingArg(userArgs, CLAUDE_SIGNAL_CONFLICTS) !== undefined) return [];
      return ['--settings', claudeHookSettings([...hook, 'claude'].map(shellQuoted).join(' '))];
    case 'codex':
      if (conflictingArg(userArgs, CODEX_SIGNAL_CONFLICTS) !== undefined) return [];
      return codexSignalArgs([...hook, 'codex']);
    default:
      return [];
  }
}

/**
 * The variables for `kind` in a pane whose environment is `env`: opencode's plugin, written by `pluginFile()` (undefined
 * when it could not be), unless `env` already sets OPENCODE_CONFIG_CONTENT (the user's own, which tessera keeps).
 */
export function signalEnv(kind: AgentKind, env: Readonly<Record<string, string>>, pluginFile: () => string | undefined): Record<string, string> {
  if (kind !== 'opencode' || env[OPENCODE_SIGNAL_VARIABLE] !== undefined) return {};
  const file = pluginFile();
  return file === undefined ? {} : opencodeSignalEnv(file);
}

/** One word for a POSIX shell (Claude runs a hook's command through one). */
export const shellQuoted = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
