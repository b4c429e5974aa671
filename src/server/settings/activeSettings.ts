// Settings made ready for use: the checked file plus what is derived from it (the prefix key and the
// keymap, the chrome's palette), or an error saying why this file cannot be used.

import { paletteOf, type Palette } from '../../app/theme/palettes.js';
import type { Settings } from '../../store/settingsDefaults.js';
import { boundCommands } from '../keys/commandBindings.js';
import { buildKeymap, buildScrollKeymap, type Keymap } from '../keys/keymap.js';
import type { ScrollAction } from '../keys/scrollBindings.js';
import { resolvePrefix, type PrefixKey } from '../keys/prefixKey.js';

export interface ActiveSettings {
  settings: Settings;
  prefix: PrefixKey;
  keymap: Keymap;
  /** The keys of scroll mode. */
  scrollKeymap: Keymap<ScrollAction>;
  /** Parts of the file that were not applied (binding conflicts), to report. */
  problems: string[];
  /** The chrome's colours (the theme setting); one object per activation, so the chrome's caches keyed by it hold. */
  palette: Palette;
}

export type Activation = { ok: true; active: ActiveSettings } | { ok: false; error: string };

export function activate(settings: Settings): Activation {
  const prefix = resolvePrefix(settings.prefix);
  if (typeof prefix === 'string') return { ok: false, error: prefix };
  const bound = boundCommands(settings.bind);
  const keys = buildKeymap(settings.keys, settings.prefix, bound);
  if (!keys.ok) return { ok: false, error: keys.error };
  const scrollKeys = buildScrollKeymap(settings.scrollKeys, settings.prefix);
  if (!scrollKeys.ok) return { ok: false, error: scrollKeys.error };
  const problems = [...bound.problems, ...keys.problems, ...scrollKeys.problems];
  return { ok: true, active: { settings, prefix, keymap: keys.keymap, scrollKeymap: scrollKeys.keymap, problems, palette: paletteOf(settings.theme) } };
}
