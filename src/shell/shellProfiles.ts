// The shells an "add pane" dialog offers: the default shell first, then each known shell, with whether it
// can be started here. Unavailable shells stay in the list so the dialog can show them disabled, with the reason.

import { resolveBinary } from './resolveBinary.js';
import { resolveShell, type ShellContext, type ShellLevels } from './resolveShell.js';

export type ShellProfileId = 'default' | 'bash' | 'zsh' | 'fish' | 'nu' | 'xonsh' | 'pwsh' | 'sh';

export interface ShellProfile {
  id: ShellProfileId;
  label: string;
  /** What to store as the pane's shell; undefined for the default profile (the pane follows the default). */
  shell: string | undefined;
  available: boolean;
  /** Why the profile cannot be used, when it cannot. */
  unavailableReason?: string;
}

const NAMED_PROFILES: readonly { id: Exclude<ShellProfileId, 'default'>; label: string }[] = [
  { id: 'bash', label: 'bash' },
  { id: 'zsh', label: 'zsh' },
  { id: 'fish', label: 'fish' },
  { id: 'nu', label: 'Nushell (nu)' },
  { id: 'xonsh', label: 'xonsh' },
  { id: 'pwsh', label: 'PowerShell (pwsh)' },
  { id: 'sh', label: 'POSIX sh' },
];

/**
 * `defaults` are the levels a new pane would inherit (workspace and settings); the pane level is what the
 * dialog is choosing, so it is ignored here.
 */
export function shellProfiles(defaults: Omit<ShellLevels, 'pane'>, context: ShellContext): ShellProfile[] {
  return [defaultProfile(defaults, context), ...NAMED_PROFILES.map((profile) => namedProfile(profile.id, profile.label, context))];
}

function defaultProfile(defaults: Omit<ShellLevels, 'pane'>, context: ShellContext): ShellProfile {
  const resolved = resolveShell({ workspace: defaults.workspace, settings: defaults.settings }, context);
  if (!resolved.ok) return { id: 'default', label: 'Default shell', shell: undefined, available: false, unavailableReason: resolved.message };
  const name = resolved.file.slice(resolved.file.lastIndexOf('/') + 1);
  return { id: 'default', label: `Default shell (${name})`, shell: undefined, available: true };
}

function namedProfile(id: Exclude<ShellProfileId, 'default'>, label: string, context: ShellContext): ShellProfile {
  const binary = resolveBinary(id, { configDir: context.configDir, envPath: context.env.PATH, uid: context.uid, fs: context.fs });
  if (binary.ok) return { id, label, shell: id, available: true };
  return { id, label, shell: id, available: false, unavailableReason: binary.message };
}
