// A cheap fingerprint of a working tree and its repository's state, read with stat() alone (no git
// child): HEAD, the index, the refs a diff summary depends on, every tracked and untracked file and
// every folder holding one (a new file changes its folder's time). Two equal fingerprints mean git
// would count the same changes, so a cached count can be shown without asking git again.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SIGNATURE_STAT_BATCH } from '../limits.js';
import { saysOutsideRepo } from './outsideRepo.js';
import { git, gitOk } from './run.js';

export interface GitPlaces {
  /** The working tree's top folder. */
  top: string;
  /** This working tree's own git folder (a worktree's is under the repository's). */
  gitDir: string;
  /** The repository's shared git folder (refs, objects). */
  commonDir: string;
}

/** The places; 'outside' when git said the folder is in no repository; undefined when git failed otherwise. */
export async function findGitPlaces(dir: string): Promise<GitPlaces | 'outside' | undefined> {
  try {
    const result = await git(dir, ['rev-parse', '--show-toplevel', '--absolute-git-dir', '--git-common-dir']);
    if (result.code !== 0) return saysOutsideRepo(result.stderr) ? 'outside' : undefined;
    const [top, gitDir, commonDir] = result.stdout.split('\n');
    if (!top || !gitDir || !commonDir) return undefined;
    return { top, gitDir, commonDir: path.resolve(dir, commonDir) };
  } catch {
    return undefined;
  }
}

/** Every tracked file, relative to the top. */
export async function trackedFiles(top: string): Promise<string[]> {
  return (await gitOk(top, ['ls-files', '-z'])).split('\0').filter((f) => f.length > 0);
}

/** Branch names whose ref files matter: the checked-out branch and the base (local and origin's). */
export interface SignatureRefs {
  branch?: string;
  base?: string;
}

/**
 * The paths a fingerprint of `files` stats, worked out once per list: the same array comes again while the
 * index stands still (the change cache keeps it). For a 10,000-file checkout that work is ~30 ms, so it is done
 * in batches too, the event loop getting a turn between them.
 */
const treePathsOf = new WeakMap<readonly string[], { top: string; paths: readonly string[] }>();

/** The top folder, every folder holding one of `files` (a new file changes its folder's time), then the files. */
async function treePaths(top: string, files: readonly string[]): Promise<readonly string[]> {
  const known = treePathsOf.get(files);
  if (known?.top === top) return known.paths;
  const folders = new Set<string>([top]);
  const joined: string[] = [];
  for (let i = 0; i < files.length; i += SIGNATURE_STAT_BATCH) {
    if (i > 0) await nextTurn();
    for (const file of files.slice(i, i + SIGNATURE_STAT_BATCH)) {
      for (let d = path.dirname(file); d !== '.' && d !== '/' && !folders.has(path.join(top, d)); d = path.dirname(d)) folders.add(path.join(top, d));
      joined.push(path.join(top, file));
    }
  }
  const paths = [...folders, ...joined];
  treePathsOf.set(files, { top, paths });
  return paths;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function treeSignature(places: GitPlaces, files: readonly string[], refs: SignatureRefs): Promise<string> {
  const repoFiles = [
    path.join(places.gitDir, 'HEAD'),
    path.join(places.gitDir, 'index'),
    path.join(places.commonDir, 'packed-refs'),
    path.join(places.commonDir, 'FETCH_HEAD'),
    ...(refs.branch ? [path.join(places.commonDir, 'refs', 'heads', refs.branch)] : []),
    ...(refs.base ? [path.join(places.commonDir, 'refs', 'heads', refs.base), path.join(places.commonDir, 'refs', 'remotes', 'origin', refs.base)] : []),
  ];
  const head = await fs.promises.readFile(path.join(places.gitDir, 'HEAD'), 'utf8').catch(() => '');
  const all = repoFiles.concat(await treePaths(places.top, files));
  // lstat() one small batch at a time, the event loop getting a turn between batches: a promise per
  // file cost 5–8 times the CPU (a 10,000-file checkout: ~400 ms against ~70 ms), and it is paid for
  // every workspace every time the radar or ls looks. Each stamp goes into the digest as it is read
  // (the same bytes as joining them all: HEAD, then a newline before each stamp), so none is kept:
  // kept, a large checkout's stamps were old-generation garbage (a 10,000-file pass 77 -> 52 ms).
  const digest = createHash('sha256').update(head.trim());
  for (let i = 0; i < all.length; i += SIGNATURE_STAT_BATCH) {
    if (i > 0) await nextTurn();
    for (const file of all.slice(i, i + SIGNATURE_STAT_BATCH)) digest.update(`\n${stamp(file)}`);
  }
  // A digest, not the stamps themselves: it is kept per workspace in memory and on disk (changeCacheFile.ts).
  return digest.digest('base64');
}

/**
 * What HEAD names and the index's stamp: read before git is asked (which branch, what is staged), and again after,
 * so that a branch switched or an index written while git read them is never vouched for by a fingerprint taken
 * later (a count made on 'other' was kept under a fingerprint of 'feat/w1' after a quick switch back).
 */
export async function headAndIndex(places: GitPlaces): Promise<string> {
  const head = await fs.promises.readFile(path.join(places.gitDir, 'HEAD'), 'utf8').catch(() => '');
  return `${head.trim()}\n${stamp(path.join(places.gitDir, 'index'))}`;
}

/** A file's time, change time, size and inode; `-` when it is not there (or cannot be read). */
function stamp(file: string): string {
  try {
    const s = fs.lstatSync(file, { bigint: true, throwIfNoEntry: false });
    return s ? `${s.mtimeNs}:${s.ctimeNs}:${s.size}:${s.ino}` : '-';
  } catch {
    return '-';
  }
}
