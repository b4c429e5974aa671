#!/usr/bin/env node
// tessera's entry point: everything lives in the compiled dist/ (built by `npm ci` / `npm run build`).
// CommonJS (see bin/package.json): node starts a CommonJS file without setting up its ES module
// loader, a few milliseconds of every control command.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const dist = path.join(__dirname, '..', 'dist');
const launcher = path.join(dist, 'cli', 'launcher.cjs');
if (!fs.existsSync(launcher)) {
  process.stderr.write('tessera: not built yet; run `npm run build` (or `npm ci`) in the tessera folder first\n');
  process.exit(1);
}
require(launcher).launchClient(dist, process.argv.slice(2));
