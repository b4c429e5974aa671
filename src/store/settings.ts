// Reads the user's settings file (config.json in the config directory) and validates every field.
// A mistake is reported with its line and column; the file itself is never changed.

import fs from 'node:fs';
import path from 'node:path';
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { InvalidInput, bool, int, oneOf, record, str, strArray } from '../protocol/validate.js';
import { tokenizeShellCommand } from '../shell/tokenize.js';
import { parseCustomAgents } from '../agents/agentKinds.js';
import { parseExtraCommands } from '../shell/allowlist.js';
import { parseKeySpec } from '../term/keys/prefix.js';
import { configDirectory } from './configDir.js';
import { parseThemeSetting } from './themeSetting.js';
import { parseWorkspaceSetting } from './workspaceSettings.js';
import { parseHostsSetting } from './hostsSetting.js';
import { DEFAULT_SETTINGS, type CommandBinding, type KeyOverride, type Settings } from './settingsDefaults.js';

export const SETTINGS_FILE = 'config.json';
const MAX_SCROLLBACK = 100_000;
/** Keys one action may have; more is surely a mistake. */
const MAX_KEYS_PER_ACTION = 8;
const KNOWN_KEYS = new Set(Object.keys(DEFAULT_SETTINGS));
/** 64 MiB: well past what any terminal accepts in one OSC 52. */
const MAX_CLIPBOARD_LIMIT = 64 << 20;

export type SettingsResult = { ok: true; settings: Settings } | { ok: false; error: string };

/** The settings file's path and text; text is undefined when there is no file (the defaults apply). */
export interface SettingsFile {
  file: string;
  text?: string;
  /** The file exists but cannot be read. */
  error?: string;
}

export function settingsFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(configDirectory(env), SETTINGS_FILE);
}

export function readSettingsFile(env: NodeJS.ProcessEnv = process.env): SettingsFile {
  const file = settingsFilePath(env);
  try {
    return { file, text: fs.readFileSync(file, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file };
    return { file, error: `cannot read ${file}: ${(error as Error).message}` };
  }
}

/** Reads and checks the file: the defaults when there is none, an error saying where a mistake is. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): SettingsResult & { file: string } {
  const read = readSettingsFile(env);
  if (read.error !== undefined) return { ok: false, error: read.error, file: read.file };
  if (read.text === undefined) return { ok: true, settings: { ...DEFAULT_SETTINGS }, file: read.file };
  return { ...parseSettingsText(read.text, path.basename(read.file)), file: read.file };
}

/**
 * Parses the text of a settings file (JSON; comments allowed). Errors name the place as
 * `NAME:LINE:COLUMN` (both counted from 1).
 */
export function parseSettingsText(text: string, name = SETTINGS_FILE): SettingsResult {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: false, allowEmptyContent: true });
  const where = (offset: number) => `${name}:${lineColumn(text, offset)}`;
  if (errors.length > 0) {
    const first = errors[0];
    return { ok: false, error: `${where(first.offset)}: not valid JSON: ${describeParseError(first)}` };
  }
  if (root === undefined) return { ok: true, settings: { ...DEFAULT_SETTINGS } };
  if (root.type !== 'object') return { ok: false, error: `${where(root.offset)}: the settings must be a JSON object ({ … })` };
  for (const property of root.children ?? []) {
    const keyNode = property.children?.[0];
    const key = keyNode?.value as string;
    if (!KNOWN_KEYS.has(key)) {
      return { ok: false, error: `${where(keyNode?.offset ?? property.offset)}: unknown setting '${key}' (known: ${[...KNOWN_KEYS].join(', ')})` };
    }
  }
  const settings = { ...DEFAULT_SETTINGS };
  for (const key of KNOWN_KEYS) {
    const node = findNodeAtLocation(root, [key]);
    if (node === undefined) continue;
    try {
      if (key === 'keys' || key === 'scrollKeys') settings[key] = parseKeys(key, node, where);
      else if (key === 'bind') settings.bind = parseBindings(node, where);
      else Object.assign(settings, parseField(key, getNodeValue(node)));
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      const located = error instanceof LocatedInput ? error.offset : node.offset;
      return { ok: false, error: `${where(located)}: ${error.message}` };
    }
  }
  return { ok: true, settings };
}

/** Checks already-parsed settings (no positions to report). */
export function parseSettings(value: unknown): Settings {
  const fields = record(value, 'the settings');
  const settings = { ...DEFAULT_SETTINGS };
  for (const [key, field] of Object.entries(fields)) {
    if (!KNOWN_KEYS.has(key)) throw new InvalidInput(`unknown setting '${key}' (known: ${[...KNOWN_KEYS].join(', ')})`);
    if (key === 'keys' || key === 'scrollKeys' || key === 'bind') throw new InvalidInput(`${key} can only be read from a settings file`);
    Object.assign(settings, parseField(key, field));
  }
  return settings;
}

function parseField(key: string, value: unknown): Partial<Settings> {
  switch (key) {
    case 'prefix':
      if (typeof value !== 'string' || value.length === 0 || value.length > 32) throw new InvalidInput('prefix must be a key like "C-\\\\" or "C-Space"');
      return { prefix: checkKey(value, 'prefix') };
    case 'closeOnCleanShellExit':
      if (typeof value !== 'boolean') throw new InvalidInput('closeOnCleanShellExit must be true or false');
      return { closeOnCleanShellExit: value };
    case 'scrollback':
      return { scrollback: int(value, 'scrollback', 0, MAX_SCROLLBACK) };
    case 'trueColor':
      return { trueColor: oneOf(value, 'trueColor', ['auto', 'on', 'off'] as const) };
    case 'notify':
      return { notify: oneOf(value, 'notify', ['bell', 'osc9', 'osc777', 'osc99', 'none'] as const) };
    case 'notifyCommand':
      return { notifyCommand: parseNotifyCommand(value) };
    case 'notifyDelay':
      return { notifyDelay: int(value, 'notifyDelay', 0, MAX_NOTIFY_DELAY_SECONDS) };
    case 'extraCommands': {
      const extra = parseExtraCommands(value);
      if (!extra.ok) throw new InvalidInput(extra.message);
      return { extraCommands: extra.names };
    }
    case 'customAgents': {
      const agents = parseCustomAgents(value);
      if (!agents.ok) throw new InvalidInput(agents.message);
      return { customAgents: agents.agents };
    }
    case 'clipboard':
      return { clipboard: oneOf(value, 'clipboard', ['allow', 'deny'] as const) };
    case 'setTitle':
      if (typeof value !== 'boolean') throw new InvalidInput('setTitle must be true or false');
      return { setTitle: value };
    case 'defaultShell':
      return { defaultShell: str(value, 'defaultShell', 1024) };
    case 'mouse':
      return { mouse: bool(value, 'mouse') };
    case 'kittyKeyboard':
      return { kittyKeyboard: bool(value, 'kittyKeyboard') };
    case 'copyCommand':
      return { copyCommand: parseCopyCommand(value) };
    case 'clipboardLimit':
      return { clipboardLimit: int(value, 'clipboardLimit', 1, MAX_CLIPBOARD_LIMIT) };
    case 'theme':
      return { theme: parseThemeSetting(value) };
    case 'workspaceRoot':
    case 'branchPrefix':
    case 'ports':
    case 'setupCommand':
    case 'templates':
      return parseWorkspaceSetting(key, value);
    case 'hosts':
    case 'sshCommand':
      return parseHostsSetting(key, value);
    default:
      throw new InvalidInput(`setting '${key}' has no reader`);
  }
}

/** An hour: a notification later than that finds no one it could still help. */
const MAX_NOTIFY_DELAY_SECONDS = 3600;

/** `["notify-send", "tessera"]`: a program and its arguments, run without a shell; [] for none. */
function parseNotifyCommand(value: unknown): string[] {
  const argv = strArray(value, 'notifyCommand', 64);
  if (argv.length > 0 && argv[0] === '') throw new InvalidInput('notifyCommand must start with a program name or path');
  if (argv.some((arg) => arg.includes('\0'))) throw new InvalidInput('notifyCommand must not contain NUL characters');
  return argv;
}

/** An InvalidInput that knows where in the file it is. */
class LocatedInput extends InvalidInput {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * `"keys": { "detach": "D", "split-right": ["|", "C-r"], "zoom": [] }`: an action's keys replace its
 * defaults (`scrollKeys` alike, for scroll mode's actions).
 */
function parseKeys(setting: 'keys' | 'scrollKeys', node: Node, where: (offset: number) => string): KeyOverride[] {
  if (node.type !== 'object') throw new LocatedInput(`${setting} must be an object: { "action-name": "key" or ["key", …] }`, node.offset);
  const overrides: KeyOverride[] = [];
  for (const property of node.children ?? []) {
    const [nameNode, valueNode] = property.children ?? [];
    const action = String(nameNode?.value);
    if (valueNode === undefined) continue;
    const value: unknown = getNodeValue(valueNode);
    const list = typeof value === 'string' ? [value] : value === null ? [] : value;
    if (!Array.isArray(list) || list.some((k) => typeof k !== 'string' || k.length === 0 || k.length > 32)) {
      throw new LocatedInput(`${setting}.${action} must be a key like "D" or "C-o", a list of keys, or [] for none`, valueNode.offset);
    }
    if (list.length > MAX_KEYS_PER_ACTION) throw new LocatedInput(`${setting}.${action}: at most ${MAX_KEYS_PER_ACTION} keys`, valueNode.offset);
    list.forEach((spec: string, index: number) => {
      const at = valueNode.type === 'array' ? (valueNode.children?.[index]?.offset ?? valueNode.offset) : valueNode.offset;
      try {
        checkKey(spec, `${setting}.${action}`);
      } catch (error) {
        throw new LocatedInput((error as Error).message, at);
      }
    });
    overrides.push({ action, keys: list as string[], where: where(nameNode?.offset ?? property.offset) });
  }
  return overrides;
}

/** The longest command line a key can be bound to. */
const MAX_BOUND_COMMAND_CHARS = 1024;

/**
 * `"bind": { "C-s": "split --right -- htop", "R": "reload" }`: keys after the prefix that run a tessera
 * command line. Whether the command exists and its flags are right is checked with the keymap.
 */
function parseBindings(node: Node, where: (offset: number) => string): CommandBinding[] {
  if (node.type !== 'object') throw new LocatedInput('bind must be an object: { "key": "command line" }', node.offset);
  const bindings: CommandBinding[] = [];
  for (const property of node.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    const key = String(keyNode?.value);
    if (valueNode === undefined) continue;
    try {
      checkKey(key, `bind."${key}"`);
    } catch (error) {
      throw new LocatedInput((error as Error).message, keyNode?.offset ?? property.offset);
    }
    const command: unknown = getNodeValue(valueNode);
    if (typeof command !== 'string' || command.trim().length === 0 || command.length > MAX_BOUND_COMMAND_CHARS) {
      throw new LocatedInput(`bind."${key}" must be a tessera command line such as "split --right" (at most ${MAX_BOUND_COMMAND_CHARS} characters)`, valueNode.offset);
    }
    bindings.push({ key, command, where: where(keyNode?.offset ?? property.offset) });
  }
  return bindings;
}

function checkKey(spec: string, what: string): string {
  const parsed = parseKeySpec(spec);
  if (typeof parsed === 'string') throw new InvalidInput(`${what}: ${parsed}`);
  return spec;
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return `${line}:${column}`;
}

function describeParseError(error: ParseError): string {
  // 'CommaExpected' → 'comma expected'
  return printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function parseCopyCommand(value: unknown): string {
  const line = str(value, 'copyCommand', 1024);
  const parsed = tokenizeShellCommand(line);
  if (!parsed.ok) throw new InvalidInput(`copyCommand: ${parsed.message}`);
  return line;
}
