// What the stack commands (up, down, runtime, logs, hook) answer, and how a status is printed.

import { UsageError, stringFlag, type FlagSpec, type ParsedArgs } from './argParser.js';
import { optStr } from '../protocol/validate.js';

export const stackWorkspaceFlag: FlagSpec = { name: 'target', short: 't', value: true, valueHint: "a workspace's name ('tessera ls' lists them)" };

export interface StackArgs {
  workspace?: string;
}

export function stackArgsFromCli(args: ParsedArgs): StackArgs {
  const workspace = stringFlag(args, 'target');
  if (workspace === '') throw new UsageError('-t needs a workspace name');
  return workspace === undefined ? {} : { workspace };
}

export function parseStackArgs(fields: Record<string, unknown>): StackArgs {
  const workspace = optStr(fields.workspace, 'workspace', 64);
  return workspace === undefined ? {} : { workspace };
}

export interface ServiceStatus {
  name: string;
  alive: boolean;
  pid?: number;
  /** Live processes of the service (its whole tree). */
  processes: number;
  port?: number;
  /** Something listens on its port now. */
  listening?: boolean;
  log: string;
}

export interface StackStatus {
  workspace: string;
  slot?: number;
  ports: Record<string, { port: number; listening: boolean }>;
  services: ServiceStatus[];
  /** Every service runs. */
  up: boolean;
  lastBootError?: string;
  lastUp?: string;
  /** Files of the stack that were corrupt and moved aside. */
  problems: string[];
}

export interface UpResult extends StackStatus {
  started: string[];
  error?: string;
}

export interface DownResult {
  workspace: string;
  stopped: { name: string; processes: number }[];
  freedPorts: number[];
  /** An up of the workspace was under way: it was ended before the services were stopped. */
  endedUp?: boolean;
}

export function statusLines(status: StackStatus): string {
  const lines = [`workspace ${status.workspace}: stack ${status.up ? 'up' : 'down'}${status.slot === undefined ? ' (no slot yet)' : `, slot ${status.slot}`}`];
  for (const [name, p] of Object.entries(status.ports)) lines.push(`  port ${name}: ${p.port}${p.listening ? ' (listening)' : ''}`);
  for (const s of status.services) {
    const port = s.port === undefined ? '' : `, port ${s.port}${s.listening ? ' listening' : ' not listening'}`;
    const pid = s.pid === undefined ? '' : ` (pid ${s.pid}, ${s.processes} process${s.processes === 1 ? '' : 'es'})`;
    lines.push(`  service ${s.name}: ${s.alive ? 'running' : 'not running'}${pid}${port}`);
  }
  if (status.lastBootError) lines.push(`  last boot error: ${status.lastBootError}`);
  for (const problem of status.problems) lines.push(`  ${problem}`);
  return (`${lines.join('\n')}\n`);
}
