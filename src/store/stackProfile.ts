// The `stack` key of a project file: what a workspace runs of its own app. Named ports (each a base:
// a workspace gets base + its slot), services (a command and the folder of the repository it runs
// in) and hooks from a fixed list. Names become environment variables and log file names, so they
// are short words; a hook is looked up by its name in this fixed list, never turned into a path.
//
// Checking collects every problem (for `tessera profile check`) instead of stopping at the first.

import path from 'node:path';
import { STACK_MAX_SLOTS } from '../limits.js';

export const STACK_HOOKS = ['bootstrap', 'boot', 'health', 'migrate', 'seed', 'ci-gate', 'e2e', 'regen', 'db-create', 'db-drop'] as const;
export type StackHook = (typeof STACK_HOOKS)[number];

const STACK_FIELDS = ['ports', 'services', 'hooks', 'data', 'maxSlots', 'bootTimeoutSeconds', 'healthTimeoutSeconds', 'hookTimeoutSeconds'];
const DATA_FIELDS = ['dbPrefix', 'envFiles'];
const ENV_FILE_FIELDS = ['path', 'rewrite', 'preserve'];
/** A database name prefix: the slot is appended (myapp_w → myapp_w3). */
const DB_PREFIX = /^[A-Za-z_][A-Za-z0-9_]{0,40}$/;
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
const SERVICE_FIELDS = ['command', 'cwd', 'port'];
/** A port or service name: it becomes TESSERA_PORT_<NAME> and a log file's name. */
const NAME = /^[a-z][a-z0-9_]{0,31}$/i;
const MAX_COMMAND_CHARS = 4096;
const MAX_ENTRIES = 32;

export interface StackService {
  name: string;
  command: string;
  /** The folder it runs in, relative to the repository ('' for its top); never outside it. */
  cwd: string;
  /** The port (by name) it listens on, for runtime's probe and down's last sweep. */
  port?: string;
}

/** A .env file of the workspace seeded from the source repository's (see server/stack/envFiles.ts). */
export interface StackEnvFile {
  /** Relative to the repository, inside it. */
  path: string;
  /** Key → value template (`${TESSERA_PORT_WEB}`, `${TESSERA_DB_NAME}` …) written for the workspace. */
  rewrite: Record<string, string>;
  /** Keys whose value in the workspace's own file is kept when the file is seeded again. */
  preserve: string[];
}

export interface StackProfile {
  /** Port name → base. */
  ports: Record<string, number>;
  services: StackService[];
  hooks: Partial<Record<StackHook, string>>;
  maxSlots: number;
  /** Off unless set: TESSERA_DB_NAME is this prefix and the slot. */
  dbPrefix?: string;
  envFiles: StackEnvFile[];
  /** Time limits in ms; undefined: the defaults of limits.ts. */
  bootTimeoutMs?: number;
  healthTimeoutMs?: number;
  hookTimeoutMs?: number;
}

export function isStackHook(name: string): name is StackHook {
  return (STACK_HOOKS as readonly string[]).includes(name);
}

/** The profile with every problem in it; `profile` only when there is none. */
export function checkStackProfile(value: unknown): { profile?: StackProfile; problems: string[] } {
  const problems: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problems: ['stack must be an object'] };
  const f = value as Record<string, unknown>;
  for (const key of Object.keys(f)) if (!STACK_FIELDS.includes(key)) problems.push(`stack: unknown key '${key}' (known: ${STACK_FIELDS.join(', ')})`);
  const ports = checkPorts(f.ports, problems);
  const services = checkServices(f.services, ports, problems);
  const hooks = checkHooks(f.hooks, problems);
  const data = checkData(f.data, problems);
  const maxSlots = f.maxSlots === undefined ? STACK_MAX_SLOTS : whole(f.maxSlots, 'stack.maxSlots', 1, 99, problems);
  const profile: StackProfile = {
    ports,
    services,
    hooks,
    maxSlots: maxSlots ?? STACK_MAX_SLOTS,
    ...data,
    bootTimeoutMs: seconds(f.bootTimeoutSeconds, 'stack.bootTimeoutSeconds', problems),
    healthTimeoutMs: seconds(f.healthTimeoutSeconds, 'stack.healthTimeoutSeconds', problems),
    hookTimeoutMs: seconds(f.hookTimeoutSeconds, 'stack.hookTimeoutSeconds', problems),
  };
  for (const [name, base] of Object.entries(ports)) {
    if (base + profile.maxSlots + 100 * 9 > 65_535) problems.push(`stack.ports.${name}: base ${base} leaves no room for ${profile.maxSlots} slots stepped by 100`);
  }
  return problems.length === 0 ? { profile, problems } : { problems };
}

function checkPorts(value: unknown, problems: string[]): Record<string, number> {
  const ports: Record<string, number> = {};
  if (value === undefined) return ports;
  const entries = objectEntries(value, 'stack.ports', problems);
  const upper = new Set<string>();
  for (const [name, base] of entries) {
    if (!NAME.test(name)) problems.push(`stack.ports: '${name}' is not a port name (a letter, then letters, digits or _; at most 32)`);
    else if (upper.has(name.toUpperCase())) problems.push(`stack.ports: '${name}' differs from another port only by case (both would be TESSERA_PORT_${name.toUpperCase()})`);
    const port = whole(base, `stack.ports.${name}`, 1024, 65_000, problems);
    if (port !== undefined && NAME.test(name)) {
      upper.add(name.toUpperCase());
      ports[name] = port;
    }
  }
  return ports;
}

function checkServices(value: unknown, ports: Record<string, number>, problems: string[]): StackService[] {
  const services: StackService[] = [];
  if (value === undefined) return services;
  for (const [name, spec] of objectEntries(value, 'stack.services', problems)) {
    const where = `stack.services.${name}`;
    if (!NAME.test(name)) problems.push(`stack.services: '${name}' is not a service name (a letter, then letters, digits or _; at most 32)`);
    if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
      problems.push(`${where} must be an object with a command`);
      continue;
    }
    const s = spec as Record<string, unknown>;
    for (const key of Object.keys(s)) if (!SERVICE_FIELDS.includes(key)) problems.push(`${where}: unknown key '${key}' (known: ${SERVICE_FIELDS.join(', ')})`);
    const command = commandText(s.command, `${where}.command`, problems);
    const cwd = s.cwd === undefined ? '' : folderInside(s.cwd, `${where}.cwd`, problems);
    let port: string | undefined;
    if (s.port !== undefined) {
      if (typeof s.port !== 'string' || !(s.port in ports)) problems.push(`${where}.port must name one of stack.ports (${Object.keys(ports).join(', ') || 'none declared'})`);
      else port = s.port;
    }
    if (command !== undefined && cwd !== undefined && NAME.test(name)) services.push({ name, command, cwd, ...(port === undefined ? {} : { port }) });
  }
  return services;
}

function checkHooks(value: unknown, problems: string[]): Partial<Record<StackHook, string>> {
  const hooks: Partial<Record<StackHook, string>> = {};
  if (value === undefined) return hooks;
  for (const [name, command] of objectEntries(value, 'stack.hooks', problems)) {
    if (!isStackHook(name)) {
      problems.push(`stack.hooks: unknown hook '${name}' (known: ${STACK_HOOKS.join(', ')})`);
      continue;
    }
    const text = commandText(command, `stack.hooks.${name}`, problems);
    if (text !== undefined) hooks[name] = text;
  }
  return hooks;
}

function checkData(value: unknown, problems: string[]): Pick<StackProfile, 'dbPrefix' | 'envFiles'> {
  const data: Pick<StackProfile, 'dbPrefix' | 'envFiles'> = { envFiles: [] };
  if (value === undefined) return data;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push('stack.data must be an object');
    return data;
  }
  const f = value as Record<string, unknown>;
  for (const key of Object.keys(f)) if (!DATA_FIELDS.includes(key)) problems.push(`stack.data: unknown key '${key}' (known: ${DATA_FIELDS.join(', ')})`);
  if (f.dbPrefix !== undefined) {
    if (typeof f.dbPrefix === 'string' && DB_PREFIX.test(f.dbPrefix)) data.dbPrefix = f.dbPrefix;
    else problems.push('stack.data.dbPrefix must be a name prefix (a letter or _, then letters, digits or _; at most 41)');
  }
  if (f.envFiles === undefined) return data;
  if (!Array.isArray(f.envFiles) || f.envFiles.length > MAX_ENTRIES) {
    problems.push(`stack.data.envFiles must be a list of at most ${MAX_ENTRIES}`);
    return data;
  }
  f.envFiles.forEach((entry: unknown, i) => {
    const where = `stack.data.envFiles[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return void problems.push(`${where} must be an object with a path`);
    const e = entry as Record<string, unknown>;
    for (const key of Object.keys(e)) if (!ENV_FILE_FIELDS.includes(key)) problems.push(`${where}: unknown key '${key}' (known: ${ENV_FILE_FIELDS.join(', ')})`);
    const file = folderInside(e.path, `${where}.path`, problems);
    if (file === '') problems.push(`${where}.path must name a file`);
    const rewrite: Record<string, string> = {};
    for (const [key, template] of e.rewrite === undefined ? [] : objectEntries(e.rewrite, `${where}.rewrite`, problems)) {
      if (!ENV_KEY.test(key)) problems.push(`${where}.rewrite: '${key}' is not a variable name`);
      else if (typeof template !== 'string' || template.includes('\n') || template.length > MAX_COMMAND_CHARS) problems.push(`${where}.rewrite.${key} must be one line of text`);
      else rewrite[key] = template;
    }
    const preserve = e.preserve === undefined ? [] : e.preserve;
    if (!Array.isArray(preserve) || !preserve.every((k): k is string => typeof k === 'string' && ENV_KEY.test(k))) problems.push(`${where}.preserve must be a list of variable names`);
    else if (file !== undefined && file !== '') data.envFiles.push({ path: file, rewrite, preserve });
  });
  return data;
}

function objectEntries(value: unknown, what: string, problems: string[]): [string, unknown][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${what} must be an object`);
    return [];
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_ENTRIES) {
    problems.push(`${what} has more than ${MAX_ENTRIES} entries`);
    return entries.slice(0, MAX_ENTRIES);
  }
  return entries;
}

function commandText(value: unknown, what: string, problems: string[]): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') problems.push(`${what} must be a command (a non-empty string)`);
  else if (value.length > MAX_COMMAND_CHARS) problems.push(`${what} is longer than ${MAX_COMMAND_CHARS} characters`);
  else return value.trim();
  return undefined;
}

/** A relative folder that stays inside the repository. */
function folderInside(value: unknown, what: string, problems: string[]): string | undefined {
  if (typeof value !== 'string' || value.length > 1024) {
    problems.push(`${what} must be a folder of the repository (a relative path)`);
    return undefined;
  }
  const normal = path.posix.normalize(value === '' ? '.' : value);
  if (path.isAbsolute(value) || normal === '..' || normal.startsWith('../')) {
    problems.push(`${what} '${value}' is outside the repository`);
    return undefined;
  }
  return normal === '.' ? '' : normal.replace(/\/$/, '');
}

function whole(value: unknown, what: string, min: number, max: number, problems: string[]): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  problems.push(`${what} must be a whole number from ${min} to ${max}`);
  return undefined;
}

function seconds(value: unknown, what: string, problems: string[]): number | undefined {
  if (value === undefined) return undefined;
  const s = whole(value, what, 1, 86_400, problems);
  return s === undefined ? undefined : s * 1000;
}

/** Every command of the profile, one line each, as the user is asked to approve them. */
export function stackCommands(profile: StackProfile): string[] {
  return [
    ...profile.services.map((s) => `stack service ${s.name}${s.cwd === '' ? '' : ` (in ${s.cwd})`}: ${s.command}`),
    ...Object.entries(profile.hooks).map(([name, command]) => `stack hook ${name}: ${command}`),
  ];
}
