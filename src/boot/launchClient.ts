// The client's launcher (dist/cli/launcher.cjs, required by bin/tessera.js): runs the client bundle
// (dist/cli/main.cjs) through V8's code cache and hands it the command line.

import path from 'node:path';
import { codeCacheDir } from './cacheLocation.js';
import { runWithCodeCache } from './codeCache.js';

type RunCli = (argv: string[]) => Promise<number>;

/** The hash of dist/cli/main.cjs, written in by scripts/build.mjs when it builds this launcher. */
declare const TESSERA_CLIENT_BUNDLE_HASH: string;

/** `distDir` is tessera's dist/ folder; the cache lives in dist/cache/ (see cacheLocation.ts). */
export async function launchClient(distDir: string, argv: string[]): Promise<void> {
  const file = path.join(distDir, 'cli', 'main.cjs');
  const bundle = runWithCodeCache({ file, hash: TESSERA_CLIENT_BUNDLE_HASH, require }, codeCacheDir(distDir));
  const { runCli } = bundle.exports as { runCli: RunCli };
  const status = await runCli(argv);
  bundle.saveCache();
  process.exitCode = status;
}
