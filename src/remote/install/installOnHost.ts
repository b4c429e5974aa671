// `tessera host install HOST`: checks what the host has (over the same ssh as every link: BatchMode,
// the shared connection), packs this tessera, streams the package to the host, installs it there with
// the host's own npm, removes the copy, and checks that `tessera -H HOST` now reaches this version.
// Each step is said as it is done; a failure says what failed (ssh's or npm's own words) and what to
// do, and whether anything was installed.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommandError } from '../../client/errors.js';
import { HOST_CHECK_TIMEOUT_MS, HOST_INSTALL_TIMEOUT_MS } from '../../limits.js';
import { PROTOCOL_VERSION } from '../../protocol/messages.js';
import { HostLinkError, oneLine } from '../hostLinkError.js';
import { openHostLink } from '../hostLink.js';
import { shellWord, type HostTarget } from '../sshCommand.js';
import { describeSshEnd } from '../sshFailure.js';
import { runHostScript, type ScriptEnd } from '../sshScript.js';
import { CHECK_SCRIPT, INSTALL_SCRIPT, MARK, scriptFacts } from './hostScripts.js';
import { hostFacts, versionLine, whatHostLacks, type HostFacts } from './hostNeeds.js';
import { packPackage, thisPackage } from './thisPackage.js';

export interface InstallRequest {
  /** npm's --prefix there (an absolute path, or ~/… for the home there); undefined: npm's global folder. */
  prefix: string | undefined;
  /** Install even when the host has this version already. */
  force: boolean;
}

export interface InstallIo {
  /** One step done, for the user. */
  step(line: string): void;
  env: NodeJS.ProcessEnv;
}

/** ssh's exit status when ssh itself failed (rather than the command it ran). */
const SSH_FAILED = 255;
/** npm's lines worth quoting when it fails: its errors, not its progress. */
const NPM_QUOTED_LINES = 8;

/**
 * Installs this tessera on the host (or finds it there already); throws CommandError saying what
 * failed, and also when it is installed but `tessera -H HOST` does not reach it yet (what to set).
 */
export async function installOnHost(target: HostTarget, given: InstallRequest, io: InstallIo): Promise<void> {
  const request = { ...given, prefix: given.prefix ?? prefixOfSetting(target.entry.tessera) };
  const pkg = thisPackage();
  const ours = versionLine(pkg.version, PROTOCOL_VERSION);
  const facts = await checkHost(target, request);
  const lack = whatHostLacks(target, facts, pkg);
  if (lack !== undefined) throw new CommandError(`${lack}; nothing was installed`);
  if (given.prefix === undefined && request.prefix !== undefined) io.step(`the folder: ${request.prefix}, where hosts.${target.name}.tessera (${target.entry.tessera}) is ('--prefix DIR' chooses another)`);
  io.step(`${target.name} (${target.entry.ssh}): node ${facts.node?.version} (${facts.node?.path}), npm ${facts.npm?.version}; ${tesseraThere(facts)}`);
  if (facts.tessera?.says === ours && !request.force) {
    io.step(`${target.name} has ${ours} already (${facts.tessera.path}): nothing to do ('--force' installs it again)`);
    return;
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-pack-'));
  try {
    io.step(`packing tessera ${pkg.version} (npm pack in ${pkg.dir})`);
    const tarball = await packPackage(pkg, scratch, io.env);
    io.step(`packed ${path.basename(tarball.file)} (${megabytes(tarball.bytes)})`);
    const bin = await copyAndInstall(target, request, tarball, io);
    const says = bin.says;
    io.step(`installed ${bin.path}: ${says}${bin.npmSummary ? ` (npm: ${bin.npmSummary})` : ''}`);
    io.step(bin.removed ? `removed the copy there (${bin.temp})` : `the copy there (${bin.temp}) was not removed: ${lastLines(bin.stderr, 1)}`);
    if (says !== ours) throw new CommandError(`${target.name}: npm installed ${bin.path}, but its --version says '${says}', not '${ours}'; run 'ssh ${target.entry.ssh} ${bin.path} --version' to see why`);
    await checkLink(target, bin.path, ours, io);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The prefix a tessera setting of the form DIR/bin/tessera names (DIR), so that an install without
 * --prefix replaces the tessera that `-H` runs: the path an upgrade must reach, and what npm's own
 * global folder looks like (/usr/local/bin/tessera, a Node of nvm's bin/). Undefined for a bare name.
 */
export function prefixOfSetting(tessera: string): string | undefined {
  const match = /^((?:\/|~\/).*)\/bin\/tessera$/.exec(tessera);
  if (!match) return tessera === '~/bin/tessera' ? '~/' : undefined;
  return match[1];
}

function tesseraThere(facts: HostFacts): string {
  if (facts.tessera === undefined) return `no tessera at ${facts.tesseraLookedFor}`;
  return `${facts.tessera.path} says '${facts.tessera.says}'`;
}

async function checkHost(target: HostTarget, request: InstallRequest): Promise<HostFacts> {
  const end = await runHostScript(target, CHECK_SCRIPT, [target.entry.tessera, request.prefix ?? ''], { timeoutMs: HOST_CHECK_TIMEOUT_MS });
  const facts = scriptFacts(end.lines);
  if (!facts.has('end')) throw scriptFailure(target, end, 'checking the host', 'nothing was installed');
  return hostFacts(facts);
}

async function copyAndInstall(target: HostTarget, request: InstallRequest, tarball: { file: string; bytes: number }, io: InstallIo): Promise<{ path: string; says: string; npmSummary: string; temp: string; removed: boolean; stderr: string }> {
  io.step(`copying it to ${target.name} and installing it there with npm install --global${request.prefix === undefined ? '' : ` --prefix ${shellWord(request.prefix)}`}`);
  let temp = '';
  const onLine = (line: string) => {
    for (const [key, value] of scriptFacts([line])) {
      if (key === 'temp') temp = oneLine(value);
      if (key === 'copied') io.step(`copied ${megabytes(Number(value))} to ${target.name}:${temp}; npm is installing it there`);
    }
  };
  const end = await runHostScript(target, INSTALL_SCRIPT, [request.prefix ?? '', String(tarball.bytes)], { input: tarball.file, timeoutMs: HOST_INSTALL_TIMEOUT_MS, onLine });
  const facts = scriptFacts(end.lines);
  const failed = facts.get('failed');
  if (failed === 'npm') throw npmFailure(target, request, end.stderr);
  const removedAtEnd = temp === '' ? '' : ` (the copy there, ${temp}, is removed as the script ends)`;
  if (failed === 'temp') throw scriptFailure(target, end, 'making a temporary folder there', 'nothing was installed');
  if (failed === 'copy' || !facts.has('copied')) throw scriptFailure(target, end, 'copying the package', `nothing was installed${removedAtEnd}`);
  if (!facts.has('end')) throw scriptFailure(target, end, 'installing', `npm may have installed part of it: run this again${removedAtEnd}`);
  return { path: oneLine(facts.get('bin') ?? ''), says: oneLine(facts.get('version') ?? ''), npmSummary: npmSummary(end.stderr), temp, removed: facts.has('removed'), stderr: end.stderr };
}

/** `tessera -H HOST` reaches the installed tessera, or a CommandError says what to set so that it does. */
async function checkLink(target: HostTarget, bin: string, ours: string, io: InstallIo): Promise<void> {
  try {
    const link = await openHostLink(target);
    link.close();
    io.step(`tessera -H ${target.name} reaches it: ${versionLine(link.hello.version, link.hello.protocol)} on ${oneLine(link.hello.hostname)}`);
  } catch (error) {
    if (!(error instanceof HostLinkError) || (error.problem !== 'not-installed' && error.problem !== 'version-mismatch')) throw error;
    throw new CommandError(notReached(target, bin, ours, error));
  }
}

/** What to set when the installed tessera is not the one `tessera -H HOST` runs there. */
export function notReached(target: HostTarget, bin: string, ours: string, error: HostLinkError): string {
  const { name, entry } = target;
  const folder = path.posix.dirname(bin);
  const server = entry.server === '' ? '' : `, "server": "${entry.server}"`;
  const setting = /\s/.test(bin)
    ? `put ${folder} on the PATH ssh commands get there (the hosts setting takes a path without spaces)`
    : `set "hosts": { "${name}": { "ssh": "${entry.ssh}", "tessera": "${bin}"${server} } } in the settings, or put ${folder} on the PATH ssh commands get there`;
  const which = error.problem === 'not-installed' ? 'is not found' : 'is another version';
  return `${name}: ${ours} is installed there (${bin}), but 'tessera -H ${name}' runs '${entry.tessera}' there, which ${which} (${error.reason}); ${setting}`;
}

function scriptFailure(target: HostTarget, end: ScriptEnd, what: string, outcome: string): Error {
  if (end.timedOut) return new CommandError(`${target.name}: ${what} took more than ${(what === 'checking the host' ? HOST_CHECK_TIMEOUT_MS : HOST_INSTALL_TIMEOUT_MS) / 1000} s and was stopped; ${outcome}`);
  if (end.code === SSH_FAILED || end.signal !== null) {
    const failure = describeSshEnd(target, { code: end.code, signal: end.signal, stderr: end.stderr });
    return new CommandError(`${failure.message}; ${outcome}`);
  }
  const said = lastLines(end.stderr, 1);
  return new CommandError(`${target.name}: ${what} failed (status ${end.code})${said ? `: ${said}` : ''}; ${outcome}`);
}

function npmFailure(target: HostTarget, request: InstallRequest, stderr: string): Error {
  const said = lastLines(stderr, NPM_QUOTED_LINES, (line) => /^npm (error|ERR!)/.test(line) && !/A complete log of this run/.test(line));
  const fix = /EACCES|EPERM/.test(stderr)
    ? request.prefix === undefined
      ? "npm cannot write to its global folder there: install into a folder of yours with --prefix (e.g. --prefix '~/.local'), then set the host's \"tessera\" to its bin/tessera"
      : `npm cannot write to ${request.prefix} there: choose a folder of yours`
    : /ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNREFUSED|ECONNRESET|network/i.test(stderr)
      ? "npm there cannot fetch tessera's dependencies: check that host's network or npm's registry and proxy settings (npm config get registry)"
      : `see npm's own log there (its path is on npm's last line: ssh ${target.entry.ssh} and look)`;
  return new CommandError(`${target.name}: npm install failed there:\n${said || lastLines(stderr, NPM_QUOTED_LINES)}\n${fix}; the copy there is removed`);
}

/** npm's last line that says what it did ("added 40 packages in 12s"). */
function npmSummary(stderr: string): string {
  return lastLines(stderr, 1, (line) => /^(added|changed|removed|up to date)\b/.test(line));
}

function lastLines(text: string, count: number, keep: (line: string) => boolean = () => true): string {
  return text
    .split(/\r?\n/)
    .map((line) => oneLine(line))
    .filter((line) => line !== '' && !line.startsWith(MARK) && keep(line))
    .slice(-count)
    .join('\n');
}

function megabytes(bytes: number): string {
  return `${(bytes / (1 << 20)).toFixed(1)} MB`;
}
