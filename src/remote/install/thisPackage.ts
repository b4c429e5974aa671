// This tessera as a package to copy to a host: the folder it runs from (a git checkout that was
// built, or an installed package: both hold package.json, bin/ and dist/), packed by npm into the
// tarball `npm install` takes. Nothing is rebuilt: the host gets exactly the build that runs here.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CommandError } from '../../client/errors.js';
import { PACK_TIMEOUT_MS } from '../../limits.js';

export interface ThisPackage {
  /** The package's folder. */
  dir: string;
  version: string;
  /** Its `engines.node` range, when it has one. */
  nodeRange: string | undefined;
}

/** How many folders up from this code the package's package.json may be (src/remote/install/, dist/cli/). */
const MAX_DEPTH = 4;
/** What a tarball of a working tessera holds, at the least. */
const NEEDED = ['package.json', 'bin/tessera.js', 'dist/cli/launcher.cjs', 'dist/server/main.cjs'];

/** The package this code runs from; a CommandError when it cannot be found (a copied bundle). */
export function thisPackage(from = path.dirname(fileURLToPath(import.meta.url))): ThisPackage {
  let dir = from;
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    const manifest = readManifest(path.join(dir, 'package.json'));
    if (manifest?.name === 'tessera' && typeof manifest.version === 'string') {
      const range = manifest.engines?.node;
      return { dir, version: manifest.version, nodeRange: typeof range === 'string' ? range : undefined };
    }
    dir = path.dirname(dir);
  }
  throw new CommandError(`cannot find the package folder this tessera runs from (no package.json of tessera above ${from}): 'host install' copies this installation`);
}

interface Manifest {
  name?: unknown;
  version?: unknown;
  engines?: { node?: unknown };
}

function readManifest(file: string): Manifest | undefined {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null ? (value as Manifest) : undefined;
  } catch {
    return undefined;
  }
}

/** `npm pack` of the package into `destination`: the tarball's path and size. */
export async function packPackage(pkg: ThisPackage, destination: string, env: NodeJS.ProcessEnv): Promise<{ file: string; bytes: number }> {
  // --ignore-scripts: a checkout's `prepare` would rebuild dist/ (and an installed package cannot build).
  const { stdout } = await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', destination], pkg.dir, env);
  let packed: { filename: string; files: { path: string }[] };
  try {
    packed = (JSON.parse(stdout) as (typeof packed)[])[0];
  } catch {
    throw new CommandError(`npm pack in ${pkg.dir} did not say what it packed (${stdout.slice(0, 200)})`);
  }
  const files = new Set(packed.files.map((entry) => entry.path));
  const missing = NEEDED.filter((needed) => !files.has(needed));
  if (missing.length > 0) throw new CommandError(`the package in ${pkg.dir} lacks ${missing.join(', ')}: build it first ('npm run build' in a checkout)`);
  const file = path.join(destination, path.basename(packed.filename));
  return { file, bytes: fs.statSync(file).size };
}

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    execFile('npm', args, { cwd, env, timeout: PACK_TIMEOUT_MS, maxBuffer: 32 << 20 }, (error, stdout, stderr) => {
      if (!error) return resolve({ stdout });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return reject(new CommandError("npm is not on this machine's PATH: 'host install' packs this tessera with npm (it comes with Node)"));
      const said = stderr.split('\n').filter((line) => line.trim() !== '').slice(-5).join('\n');
      reject(new CommandError(`npm ${args[0]} in ${cwd} failed${error.killed ? ` (ended after ${PACK_TIMEOUT_MS / 1000} s)` : ''}:\n${said || error.message}`));
    });
  });
}
