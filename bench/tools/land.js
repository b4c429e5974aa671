#!/usr/bin/env node
// How long `tessera land` takes for issue 21's budget (a branch of 100 commits into a base of 10,000
// files: at most 3 s): makes a repository with 10,000 files in a throwaway sandbox, a worktree
// workspace with 100 commits on its branch while main moved on by one commit elsewhere (so a merge
// has real work), then times `tessera land -t w --yes` from the command line (client start, preflight,
// the merge in the object store, the compare-and-swap, and main's clean checkout brought along), for
// --merge, --squash and --rebase (each from the same start).
//   node bench/tools/land.js [FILES] [COMMITS] [REPS]      (after npm run build)

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
const FILES = Number(process.argv[2] ?? 10_000);
const COMMITS = Number(process.argv[3] ?? 100);
/** Runs of each mode (the median is reported). */
const REPS = Number(process.argv[4] ?? 3);
/** Seconds to let the server's background work (counts, the radar) finish before each run. */
const SETTLE_S = 6;
/** Files per folder of the generated tree (a real repository has folders, not one flat list). */
const PER_FOLDER = 100;

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-land-')));
const ident = { GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.com' };
/** @type {Record<string, string>} */
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: root,
  TESSERA_TMPDIR: path.join(root, 'run'),
  TESSERA_CONFIG_DIR: path.join(root, 'config'),
  TESSERA_STATE_DIR: path.join(root, 'state'),
  TESSERA_WORKSPACE_ROOT: path.join(root, 'workspaces'),
  ...ident,
};

/** @param {string} dir @param {string[]} args */
const git = (dir, ...args) => execFileSync('git', ['-C', dir, ...args], { env, encoding: 'utf8' });
/** @param {string[]} args */
const tessera = (...args) => execFileSync(process.execPath, [BIN, '-L', 'bench-land', ...args], { env, cwd: root, encoding: 'utf8' });

try {
  const repo = path.join(root, 'app');
  fs.mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  for (let i = 0; i < FILES; i++) {
    const folder = path.join(repo, `d${Math.floor(i / PER_FOLDER)}`);
    if (i % PER_FOLDER === 0) fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, `f${i}.txt`), `file ${i}\n`.repeat(20));
  }
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  tessera('new', '-d', '-s', 'w', '--worktree', '--repo', repo, '--', 'sleep', '3600');
  const wt = path.join(env.TESSERA_WORKSPACE_ROOT, 'app', 'w');
  for (let c = 0; c < COMMITS; c++) {
    const file = path.join(wt, `d${Math.floor((c * 37) % FILES / PER_FOLDER)}`, `f${(c * 37) % FILES}.txt`);
    fs.appendFileSync(file, `commit ${c}\n`);
    git(wt, 'commit', '-q', '-a', '-m', `commit ${c}`);
  }
  fs.writeFileSync(path.join(repo, 'main-only.txt'), 'main moved on\n');
  git(repo, 'add', 'main-only.txt');
  git(repo, 'commit', '-q', '-m', 'main moves on');
  const start = git(repo, 'rev-parse', 'main').trim();
  const settle = () => {
    // The server is up and has counted both checkouts again (ls waits for that), and the conflict
    // radar has taken its look at the moved main (at most every 5 s): the figure is the land alone,
    // not the background work the previous run's reset set off.
    tessera('ls');
    execFileSync('sleep', [String(SETTLE_S)]);
  };
  /** @type {Record<string, number[]>} */
  const figures = { merge: [], squash: [], rebase: [] };
  for (let rep = 0; rep < REPS; rep++) {
    for (const mode of ['merge', 'squash', 'rebase']) {
      settle();
      const began = process.hrtime.bigint();
      tessera('land', '-t', 'w', `--${mode}`, '--yes');
      figures[mode]?.push(Number(process.hrtime.bigint() - began) / 1e6);
      if (git(repo, 'status', '--porcelain') !== '') process.stdout.write(`land --${mode}: main's checkout NOT clean after it\n`);
      git(repo, 'reset', '-q', '--hard', start);
    }
  }
  const load = os.loadavg()[0]?.toFixed(1);
  for (const [mode, ms] of Object.entries(figures)) {
    const sorted = [...ms].sort((a, b) => a - b);
    process.stdout.write(`land --${mode}: ${COMMITS} commits into ${FILES} files: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms of ${REPS} (${sorted.map((m) => m.toFixed(0)).join(', ')}) (budget 3000 ms; load average ${load})\n`);
  }
} finally {
  try {
    tessera('kill-server');
  } catch {
    // no server left
  }
  fs.rmSync(root, { recursive: true, force: true });
}
