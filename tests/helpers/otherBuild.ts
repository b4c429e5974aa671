// Another build of tessera, as a user installing a new version gets: this checkout's sources copied
// with another version (and, if asked, another protocol) and built into a folder of their own, so a
// test can run a server of one build and a client or server of the other.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './outerTerminal.js';

/** What a build needs of the checkout (node_modules is linked, not copied). */
const SOURCES = ['package.json', 'tsconfig.json', 'scripts', 'src', 'bin'];

export interface OtherBuild {
  /** Its bin/tessera.js. */
  bin: string;
  /** Its dist/ folder. */
  dist: string;
  version: string;
}

/** A change to one source file of the copy (a test's hook); the pattern must be found. */
export interface SourcePatch {
  file: string;
  pattern: RegExp;
  replacement: string;
}

/** Builds the copy in `root`/tessera; the build takes a few seconds (more on a loaded machine). */
export async function buildOtherVersion(root: string, options: { version: string; protocol?: number; patches?: SourcePatch[] }): Promise<OtherBuild> {
  const copy = path.join(root, 'tessera');
  fs.mkdirSync(copy, { recursive: true });
  for (const entry of SOURCES) fs.cpSync(path.join(REPO_ROOT, entry), path.join(copy, entry), { recursive: true });
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  rewrite(path.join(copy, 'src/version.ts'), /export const VERSION = '[^']*';/, `export const VERSION = '${options.version}';`);
  if (options.protocol !== undefined) {
    rewrite(path.join(copy, 'src/protocol/messages.ts'), /export const PROTOCOL_VERSION = \d+;/, `export const PROTOCOL_VERSION = ${options.protocol};`);
  }
  for (const patch of options.patches ?? []) rewrite(path.join(copy, patch.file), patch.pattern, patch.replacement);
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['scripts/build.mjs'], { cwd: copy, timeout: 600_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`building the other version failed: ${stderr}`)) : resolve(),
    );
  });
  return { bin: path.join(copy, 'bin/tessera.js'), dist: path.join(copy, 'dist'), version: options.version };
}

function rewrite(file: string, pattern: RegExp, replacement: string): void {
  const text = fs.readFileSync(file, 'utf8');
  if (!pattern.test(text)) throw new Error(`${file} no longer has ${pattern}: update tests/helpers/otherBuild.ts`);
  fs.writeFileSync(file, text.replace(pattern, replacement));
}
