#!/usr/bin/env node
// Installs the pinned agent CLIs (this folder's package) only when they are missing or the manifest or lock changed.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const modules = path.join(here, 'node_modules');
/** Written after a successful install: the hash of the manifest and lock that install came from. */
const stampFile = path.join(modules, '.tessera-installed');
const bins = ['claude', 'codex', 'gemini', 'opencode'];
/** These packages ship a small placeholder that their install script replaces with the native binary. */
const nativeBinaries = ['@anthropic-ai/claude-code/bin/claude.exe', 'opencode-ai/bin/opencode.exe'];
/** Anything smaller is the placeholder, i.e. the install script did not run. */
const MIN_NATIVE_BYTES = 1 << 20;

const inputsHash = () =>
  createHash('sha256')
    .update(readFileSync(path.join(here, 'package.json')))
    .update(readFileSync(path.join(here, 'package-lock.json')))
    .digest('hex');

function whyInstall(hash) {
  if (!existsSync(stampFile)) return 'not installed yet';
  if (readFileSync(stampFile, 'utf8').trim() !== hash) return 'package.json or package-lock.json changed';
  const missing = bins.filter((bin) => !existsSync(path.join(modules, '.bin', bin)));
  if (missing.length > 0) return `missing ${missing.join(', ')}`;
  return undefined;
}

function placeholders() {
  return nativeBinaries.filter((file) => {
    const full = path.join(modules, file);
    return !existsSync(full) || statSync(full).size < MIN_NATIVE_BYTES;
  });
}

const hash = inputsHash();
const reason = whyInstall(hash);
if (reason === undefined) {
  console.log(`agent CLIs: up to date in ${path.relative(process.cwd(), modules) || modules}`);
  process.exit(0);
}

console.log(`agent CLIs: ${reason}; running npm ci in ${here} (about 1.2 GB)`);
const started = Date.now();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
if (result.error !== undefined) {
  console.error(`agent CLIs: could not run npm (${result.error.message}); is npm on PATH?`);
  process.exit(1);
}
if (result.status !== 0) {
  console.error(`agent CLIs: npm ci failed with exit code ${result.status}; see its output above.`);
  process.exit(result.status ?? 1);
}
const stubs = placeholders();
if (stubs.length > 0) {
  console.error(`agent CLIs: install scripts did not put the native binaries in place (${stubs.join(', ')}). Check "allowScripts" in ${path.join(here, 'package.json')}.`);
  process.exit(1);
}
writeFileSync(stampFile, `${hash}\n`);
console.log(`agent CLIs: installed in ${Math.round((Date.now() - started) / 1000)} s`);
