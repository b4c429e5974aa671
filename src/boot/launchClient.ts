// The client's launcher (dist/cli/launcher.cjs, required by bin/tessera.js): runs the client bundle
// (dist/cli/main.cjs) through V8's code cache and hands it the command line. A read-only query that
// scripts run in loops goes to the small quick bundle (dist/cli/quick.cjs, src/cli/quick.ts) first.

import path from 'node:path';
import { codeCacheDir } from './cacheLocation.js';
import { runWithCodeCache } from './codeCache.js';
import { quickCommandOf, type QuickLine } from './quickCommands.js';
import { quietIdleHeap } from './quietIdleHeap.js';

type RunCli = (argv: string[]) => Promise<number>;
type RunQuick = (line: QuickLine) => Promise<number | undefined>;

/** The hash of dist/cli/quick.cjs, written in by scripts/build.mjs like the one below. */
declare const TESSERA_QUICK_BUNDLE_HASH: string;

/** The hash of dist/cli/main.cjs, written in by scripts/build.mjs when it builds this launcher. */
declare const TESSERA_CLIENT_BUNDLE_HASH: string;

/** `distDir` is tessera's dist/ folder; the cache lives in dist/cache/ (see cacheLocation.ts). */
export async function launchClient(distDir: string, argv: string[]): Promise<void> {
  const cacheDir = codeCacheDir(distDir);
  const quickLine = quickCommandOf(argv);
  if (quickLine) {
    const quick = runWithCodeCache({ file: path.join(distDir, 'cli', 'quick.cjs'), hash: TESSERA_QUICK_BUNDLE_HASH, require }, cacheDir);
    const status = await (quick.exports as { runQuick: RunQuick }).runQuick(quickLine);
    quick.saveCache();
    if (status !== undefined) {
      process.exitCode = status;
      return;
    }
  }
  // Before the bundle loads (quietIdleHeap.ts): an attached client then stays asleep while nothing happens.
  quietIdleHeap(require);
  const file = path.join(distDir, 'cli', 'main.cjs');
  const bundle = runWithCodeCache({ file, hash: TESSERA_CLIENT_BUNDLE_HASH, require }, cacheDir);
  const { runCli } = bundle.exports as { runCli: RunCli };
  const status = await runCli(argv);
  bundle.saveCache();
  process.exitCode = status;
}
