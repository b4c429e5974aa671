// The fast way of `land --rebase`, as plain data: which of a branch's commits can be replayed by
// setting paths (no merge needed), and the `git fast-import` stream that writes them.
//
// Replaying commit C onto the target is a three-way merge of C with the tree built so far, whose
// base is C's parent. For a path C changed, the tree built so far still holds C's parent's version
// as long as the target did not change that path since the branch left it (the branch's earlier
// commits were replayed exactly): only C changed it, so the merge takes C's version. So while no
// commit touches what the target changed (nor a folder the target emptied, where git's rename
// detection could move a new file), the replay is the commit's own changes applied to the tree
// built so far, which fast-import does in one process for all of them.

export interface PathChange {
  /** New mode; '000000' when the path was deleted. */
  mode: string;
  /** New blob (or commit, for a submodule). */
  object: string;
  path: string;
}

export interface TargetChanges {
  /** Every path the target changed since the merge base (added, modified, deleted). */
  paths: Set<string>;
  /** Folders the target deleted files from (a folder renamed there would carry new files along). */
  deletedFrom: Set<string>;
}

export interface ReplayedCommit {
  author: { name: string; email: string; date: string };
  message: string;
  changes: PathChange[];
}

const ZERO_MODE = '000000';
const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** `git diff --name-status -z --no-renames BASE TARGET` as what the target changed. */
export function targetChanges(nameStatusZ: string): TargetChanges {
  const fields = nameStatusZ.split('\0');
  const paths = new Set<string>();
  const deletedFrom = new Set<string>();
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [status = '', path = ''] = [fields[i], fields[i + 1]];
    if (path === '') continue;
    paths.add(path);
    if (status.startsWith('D')) for (const folder of folders(path)) deletedFrom.add(folder);
  }
  return { paths, deletedFrom };
}

/** `git diff-tree --stdin -z -r --no-renames --always` output: each commit's changed paths, by commit. */
export function commitChanges(diffTreeZ: string): Map<string, PathChange[]> {
  const byCommit = new Map<string, PathChange[]>();
  const fields = diffTreeZ.split('\0');
  let current: PathChange[] | undefined;
  for (let i = 0; i < fields.length; i++) {
    const field = (fields[i] ?? '').replace(/^\n/, '');
    if (OBJECT_ID.test(field)) {
      current = [];
      byCommit.set(field, current);
    } else if (field.startsWith(':') && current) {
      // ":OLDMODE NEWMODE OLDID NEWID STATUS", then the path.
      const [, mode = '', , object = ''] = field.slice(1).split(' ');
      current.push({ mode, object, path: fields[++i] ?? '' });
    }
  }
  return byCommit;
}

/** True when replaying these changes needs a real merge: they meet what the target changed. */
export function meetsTarget(changes: readonly PathChange[], target: TargetChanges): boolean {
  for (const { path } of changes) {
    if (target.paths.has(path)) return true;
    for (const folder of folders(path)) if (target.paths.has(folder) || target.deletedFrom.has(folder)) return true;
  }
  if (changes.length === 0 || target.paths.size === 0) return false;
  // A file of the branch where the target now has a folder (or the other way round).
  const prefixes = new Set(changes.map((c) => `${c.path}/`));
  for (const path of target.paths) for (const folder of folders(path)) if (prefixes.has(`${folder}/`)) return true;
  return false;
}

/**
 * The fast-import stream writing `commits` one on another from `onto`, printing the last one's id
 * (`get-mark`). fast-import must name a ref: `scratchRef` is created by no one and deleted at the end
 * (a reset to the null id), so the stream leaves objects only.
 */
export function fastImportStream(onto: string, commits: readonly ReplayedCommit[], committer: string, scratchRef: string): string {
  const out: string[] = [];
  commits.forEach((c, i) => {
    const name = c.author.name === '' ? '' : `${c.author.name} `;
    out.push(`commit ${scratchRef}`, `mark :${i + 1}`, `author ${name}<${c.author.email}> ${c.author.date}`, `committer ${committer}`);
    out.push(`data ${Buffer.byteLength(c.message, 'utf8')}`, c.message, `from ${i === 0 ? onto : `:${i}`}`);
    for (const change of c.changes) out.push(change.mode === ZERO_MODE ? `D ${quotePath(change.path)}` : `M ${change.mode} ${change.object} ${quotePath(change.path)}`);
    out.push('');
  });
  out.push(`get-mark :${commits.length}`, `reset ${scratchRef}`, `from ${'0'.repeat(onto.length)}`, '', 'done', '');
  return out.join('\n');
}

/** Every folder above a path, nearest first; never the top folder (git does not rename that). */
function folders(path: string): string[] {
  const out: string[] = [];
  for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) out.push(path.slice(0, at));
  return out;
}

/** fast-import reads a path up to the end of the line; one with a quote, a newline or a leading quote is C-quoted. */
function quotePath(path: string): string {
  if (!/["\\\n]/.test(path) && !path.startsWith('"')) return path;
  return `"${path.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}
