// Per-file line counts of a diff (git diff --numstat -z --no-renames), and their sum.

export interface FileCount {
  path: string;
  added: number;
  removed: number;
  /** git counts no lines in a binary file. */
  binary: boolean;
}

export function parseNumstat(text: string): FileCount[] {
  const files: FileCount[] = [];
  // -z: `ADDED\tREMOVED\tPATH\0` (no renames, so never the two-path form).
  for (const entry of text.split('\0')) {
    const match = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(entry);
    if (!match) continue;
    const binary = match[1] === '-' || match[2] === '-';
    files.push({ path: match[3] as string, added: binary ? 0 : Number(match[1]), removed: binary ? 0 : Number(match[2]), binary });
  }
  return files;
}

export function sumCounts(files: readonly FileCount[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const f of files) {
    added += f.added;
    removed += f.removed;
  }
  return { added, removed };
}
