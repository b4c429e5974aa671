#!/usr/bin/env node
// tessera's entry point: everything lives in the compiled dist/ (built by `npm ci` / `npm run build`).
import { existsSync } from 'node:fs';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('tessera: not built yet; run `npm run build` (or `npm ci`) in the tessera folder first\n');
  process.exit(1);
}
const { runCli } = await import(main.href);
process.exitCode = await runCli(process.argv.slice(2));
