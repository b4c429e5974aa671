// Where two workspaces' changes to one file meet: each side's hunks against the same base (a zero-context
// patch, `git diff -U0`), and the lines of our side whose hunks overlap or touch one of theirs (git's merge
// conflicts on changes to the same or adjacent lines). What the diff viewer's "also changed by task-b:
// src/auth.ts lines 40–62" names. Pure: the patches come from src/git/conflictLines.ts.

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

/** First and last line (1-based, inclusive) of our side's file. */
export type LineRange = [number, number];

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Each file's hunks in a patch (paths as git wrote them after `b/`, or `a/` for a deleted file). */
export function parsePatchHunks(patch: string): Map<string, Hunk[]> {
  const files = new Map<string, Hunk[]>();
  let current: Hunk[] | undefined;
  let oldPath: string | undefined;
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = undefined;
      oldPath = undefined;
    } else if (line.startsWith('--- ')) {
      oldPath = pathOf(line.slice(4), 'a/');
    } else if (line.startsWith('+++ ')) {
      const path = pathOf(line.slice(4), 'b/') ?? oldPath;
      if (path === undefined) continue;
      current = files.get(path) ?? [];
      files.set(path, current);
    } else if (current) {
      const m = HUNK_HEADER.exec(line);
      if (m) current.push({ oldStart: Number(m[1]), oldLines: m[2] === undefined ? 1 : Number(m[2]), newStart: Number(m[3]), newLines: m[4] === undefined ? 1 : Number(m[4]) });
    }
  }
  return files;
}

/** Our lines whose hunks overlap or touch one of theirs (both against the same base), merged and in order. */
export function overlappingLines(ours: readonly Hunk[], theirs: readonly Hunk[]): LineRange[] {
  const hits: LineRange[] = [];
  for (const hunk of ours) {
    const span = oldSpan(hunk);
    if (!theirs.some((other) => touches(span, oldSpan(other)))) continue;
    const first = Math.max(1, hunk.newStart);
    hits.push([first, hunk.newLines > 0 ? first + hunk.newLines - 1 : first]);
  }
  return mergeRanges(hits);
}

/** `src/auth.ts lines 40–62, 70`; the path alone when no lines are known (a deleted or binary file). */
export function formatPlace(path: string, ranges: readonly LineRange[]): string {
  if (ranges.length === 0) return path;
  const parts = ranges.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`));
  const word = ranges.length === 1 && ranges[0]?.[0] === ranges[0]?.[1] ? 'line' : 'lines';
  return `${path} ${word} ${parts.join(', ')}`;
}

/**
 * The base's lines a hunk replaces, as a closed interval widened by half a line each way so that
 * adjacent changes touch; a pure insertion after line N sits between N and N + 1.
 */
function oldSpan(h: Hunk): [number, number] {
  if (h.oldLines === 0) return [h.oldStart, h.oldStart + 1];
  return [h.oldStart - 0.5, h.oldStart + h.oldLines - 1 + 0.5];
}

const touches = (a: [number, number], b: [number, number]): boolean => a[0] <= b[1] && b[0] <= a[1];

function mergeRanges(ranges: LineRange[]): LineRange[] {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const out: LineRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** A patch header's path without its prefix; undefined for /dev/null. Quoted paths ("a/x\ty") are unquoted. */
function pathOf(text: string, prefix: string): string | undefined {
  const raw = text.startsWith('"') ? unquote(text) : text.replace(/\t$/, '');
  if (raw === '/dev/null') return undefined;
  return raw.startsWith(prefix) ? raw.slice(prefix.length) : raw;
}

const ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '"': '"', '\\': '\\' };

/** git's C-style quoting of a path with unusual bytes: escapes, and octal bytes of UTF-8. */
function unquote(text: string): string {
  const body = text.slice(1, text.lastIndexOf('"') > 0 ? text.lastIndexOf('"') : undefined);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      i += 3;
    } else {
      bytes.push(...Buffer.from(ESCAPES[body[i + 1] ?? ''] ?? body[i + 1] ?? '', 'utf8'));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
