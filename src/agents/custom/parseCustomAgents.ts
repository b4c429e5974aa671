// Reads `customAgents` from settings: a list of user-defined agents, each checked field by field.

import path from 'node:path';
import { BUILTIN_COMMANDS, isPlainProgramName } from '../../shell/allowlist.js';
import { parseApprovalKeys } from './approvalKeys.js';
import {
  MAX_AGENT_ARG_LENGTH,
  MAX_AGENT_ARGS,
  MAX_AGENT_NAME_LENGTH,
  MAX_COMMAND_LENGTH,
  MAX_CUSTOM_AGENTS,
  MAX_INSTALL_HINT_LENGTH,
  type CustomAgent,
} from './customAgent.js';
import { fail, isRecord, readString, readStringList, unknownKey, type Read } from './fields.js';
import { parseDetectionPatterns } from './patterns.js';

export type CustomAgentsCheck = { ok: true; agents: CustomAgent[] } | { ok: false; message: string };

const FIELDS = ['name', 'command', 'args', 'installHint', 'detection', 'approvalKeys', 'reportsState'] as const;
/** An identifier: a lowercase letter, then lowercase letters, digits, `-` or `_`. */
const AGENT_NAME = /^[a-z][a-z0-9_-]*$/;

export function parseCustomAgents(value: unknown): CustomAgentsCheck {
  if (value === undefined) return { ok: true, agents: [] };
  if (!Array.isArray(value)) return { ok: false, message: 'customAgents must be a list of agent definitions' };
  if (value.length > MAX_CUSTOM_AGENTS) return { ok: false, message: `customAgents has more than ${MAX_CUSTOM_AGENTS} agents` };
  const agents: CustomAgent[] = [];
  for (const [index, item] of value.entries()) {
    const agent = parseCustomAgent(item, `customAgents[${index}]`);
    if (!agent.ok) return agent;
    const twin = agents.find((other) => other.name === agent.value.name);
    if (twin !== undefined) {
      return { ok: false, message: `customAgents[${index}] is named '${twin.name}' like an earlier one: names must be unique` };
    }
    agents.push(agent.value);
  }
  return { ok: true, agents };
}

function parseCustomAgent(value: unknown, where: string): Read<CustomAgent> {
  if (!isRecord(value)) return fail(where, 'must be an object with at least name, command and approvalKeys');
  const unknown = unknownKey(value, FIELDS, where);
  if (unknown !== undefined) return unknown;
  const name = parseName(value.name, `${where}.name`);
  if (!name.ok) return name;
  const at = `${where} ('${name.value}')`;
  const command = parseCommand(value.command, `${at}.command`);
  if (!command.ok) return command;
  const args = readStringList(value.args, `${at}.args`, { items: MAX_AGENT_ARGS, length: MAX_AGENT_ARG_LENGTH });
  if (!args.ok) return args;
  const hint = value.installHint === undefined ? undefined : readString(value.installHint, `${at}.installHint`, MAX_INSTALL_HINT_LENGTH);
  if (hint !== undefined && !hint.ok) return hint;
  const detection = parseDetectionPatterns(value.detection, `${at}.detection`);
  if (!detection.ok) return detection;
  const approvalKeys = parseApprovalKeys(value.approvalKeys, `${at}.approvalKeys`);
  if (!approvalKeys.ok) return approvalKeys;
  if (value.reportsState !== undefined && typeof value.reportsState !== 'boolean') return fail(`${at}.reportsState`, 'must be true or false');
  return {
    ok: true,
    value: {
      name: name.value,
      command: command.value,
      args: args.value,
      ...(hint === undefined ? {} : { installHint: hint.value }),
      detection: detection.value,
      approvalKeys: approvalKeys.value,
      ...(value.reportsState === true ? { reportsState: true } : {}),
    },
  };
}

function parseName(value: unknown, where: string): Read<string> {
  const name = readString(value, where, MAX_AGENT_NAME_LENGTH);
  if (!name.ok) return name;
  if (!AGENT_NAME.test(name.value)) {
    return fail(where, `('${name.value}') must be a lowercase identifier such as 'aider': a letter, then letters, digits, '-' or '_'`);
  }
  if (BUILTIN_COMMANDS.includes(name.value)) {
    return fail(where, `('${name.value}') is already a built-in agent, shell or ssh: choose another name`);
  }
  return name;
}

/** A program name looked up on PATH, or an absolute path (POSIX or Windows); never a relative path. */
function parseCommand(value: unknown, where: string): Read<string> {
  const command = readString(value, where, MAX_COMMAND_LENGTH);
  if (!command.ok) return command;
  if (isPlainProgramName(command.value) || path.posix.isAbsolute(command.value) || path.win32.isAbsolute(command.value)) return command;
  return fail(where, `('${command.value}') must be a program name such as 'aider' or an absolute path such as '/usr/local/bin/aider'`);
}
