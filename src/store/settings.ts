// Reads the user's settings file (config.json in the config directory) and validates every field.
// A file that does not parse or holds a bad value is left untouched and reported; defaults are used.

import fs from 'node:fs';
import path from 'node:path';
import { InvalidInput, int, oneOf, record, str } from '../protocol/validate.js';
import { parseCustomAgents } from '../agents/agentKinds.js';
import { parseExtraCommands } from '../shell/allowlist.js';
import { configDirectory } from './configDir.js';
import { DEFAULT_SETTINGS, type Settings } from './settingsDefaults.js';

export const SETTINGS_FILE = 'config.json';
const MAX_SCROLLBACK = 100_000;
const KNOWN_KEYS = new Set(Object.keys(DEFAULT_SETTINGS));

export interface LoadedSettings {
  settings: Settings;
  file: string;
  /** Problems to show the user; empty when the file was fine or absent. */
  warnings: string[];
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): LoadedSettings {
  const file = path.join(configDirectory(env), SETTINGS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: { ...DEFAULT_SETTINGS }, file, warnings: [] };
    return { settings: { ...DEFAULT_SETTINGS }, file, warnings: [`cannot read ${file}: ${(error as Error).message}; using defaults`] };
  }
  try {
    return { settings: parseSettings(JSON.parse(text)), file, warnings: [] };
  } catch (error) {
    const why = error instanceof SyntaxError ? `is not valid JSON (${error.message})` : `has a bad value: ${(error as Error).message}`;
    return { settings: { ...DEFAULT_SETTINGS }, file, warnings: [`${file} ${why}; using defaults until it is fixed`] };
  }
}

export function parseSettings(value: unknown): Settings {
  const fields = record(value, 'the settings');
  for (const key of Object.keys(fields)) {
    if (!KNOWN_KEYS.has(key)) throw new InvalidInput(`unknown setting '${key}' (known: ${[...KNOWN_KEYS].join(', ')})`);
  }
  const settings = { ...DEFAULT_SETTINGS };
  if (fields.prefix !== undefined) {
    if (typeof fields.prefix !== 'string' || fields.prefix.length === 0 || fields.prefix.length > 32) throw new InvalidInput('prefix must be a key like "C-\\\\" or "C-Space"');
    settings.prefix = fields.prefix;
  }
  if (fields.closeOnCleanShellExit !== undefined) {
    if (typeof fields.closeOnCleanShellExit !== 'boolean') throw new InvalidInput('closeOnCleanShellExit must be true or false');
    settings.closeOnCleanShellExit = fields.closeOnCleanShellExit;
  }
  if (fields.scrollback !== undefined) settings.scrollback = int(fields.scrollback, 'scrollback', 0, MAX_SCROLLBACK);
  if (fields.trueColor !== undefined) settings.trueColor = oneOf(fields.trueColor, 'trueColor', ['auto', 'on', 'off'] as const);
  if (fields.notify !== undefined) settings.notify = oneOf(fields.notify, 'notify', ['bell', 'osc9', 'none'] as const);
  const extra = parseExtraCommands(fields.extraCommands);
  if (!extra.ok) throw new InvalidInput(extra.message);
  settings.extraCommands = extra.names;
  const agents = parseCustomAgents(fields.customAgents ?? []);
  if (!agents.ok) throw new InvalidInput(agents.message);
  settings.customAgents = agents.agents;
  if (fields.defaultShell !== undefined) settings.defaultShell = str(fields.defaultShell, 'defaultShell', 1024);
  return settings;
}
