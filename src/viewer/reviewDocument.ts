// The diff viewer's document: what the workspace brings to its base, as the server answers `diff`
// in its review form. A head (what it is compared with, the commits since the base, each file with
// its +/−, the files another workspace also changed), then the patch. Knows where each file's part
// starts and which line of the file each patch line stands for, so keys can jump file to file and
// open a file at its changed line.

import type { DiffResult } from '../commands/diff.js';
import { formatPlace } from '../git/hunkOverlap.js';
import { DIFF_SGR } from './diffKinds.js';
import { diffLines } from './diffLines.js';
import type { ViewedDocument } from './document.js';
import { lineText, span, viewerText, type Line } from './styledText.js';

export interface FileSection {
  path: string;
  /** Document line of its `diff --git` header. */
  start: number;
}

export interface ReviewDocument extends ViewedDocument {
  sections: FileSection[];
  /** Document line → the line of the new file it shows (hunk lines only). */
  newLines: Map<number, number>;
}

const STATUS_MARKS: Record<string, string> = { added: 'A', modified: 'M', deleted: 'D', typechange: 'T', unmerged: 'U', untracked: '?' };
const WARN_SGR = '1;33';

export function reviewDocument(result: DiffResult): ReviewDocument {
  const lines: Line[] = [];
  const add = (...spans: Line) => lines.push(spans);
  add(span(viewerText(`${result.workspace}: changes against ${result.against.label}`), '1'));
  if (result.against.note) add(span(viewerText(result.against.note), '33'));
  for (const conflict of result.conflicts ?? []) {
    const where = conflict.places ? conflict.places.map((p) => formatPlace(p.path, p.ranges)) : conflict.files;
    add(span('⚠ ', WARN_SGR), span(viewerText(`also changed by ${conflict.workspace}: ${where.join(', ')}`), WARN_SGR));
  }
  const commits = result.commits ?? [];
  if (commits.length > 0) {
    add();
    add(span(`${commits.length} commit${commits.length === 1 ? '' : 's'} since the base:`, '1'));
    for (const c of commits) add(span(`  ${viewerText(c.id)} `, '33'), span(viewerText(c.subject)));
  }
  const files = result.files ?? [];
  add();
  const total = files.reduce((sum, f) => ({ added: sum.added + f.added, removed: sum.removed + f.removed }), { added: 0, removed: 0 });
  add(span(`${files.length} file${files.length === 1 ? '' : 's'} `, '1'), span(`+${total.added}`, DIFF_SGR.added), span(' '), span(`−${total.removed}`, DIFF_SGR.removed), span('   ] next file  [ previous  o open at the line', '90'));
  for (const f of files) {
    const counts = f.binary ? [span('binary', '90')] : [span(`+${f.added}`, DIFF_SGR.added), span(' '), span(`−${f.removed}`, DIFF_SGR.removed)];
    add(span(`  ${STATUS_MARKS[f.status] ?? ' '} `, '90'), span(`${viewerText(f.path)}  `), ...counts);
  }
  if (files.length === 0) add(span('  no changes; r looks again', '90'));
  add();
  const headLength = lines.length;
  const patch = result.text ?? '';
  lines.push(...diffLines(patch));
  const { sections, newLines } = mapPatch(patch, headLength, files.map((f) => f.path));
  return { lines, plain: lines.map(lineText), sections, newLines };
}

/** Where each file's part starts, and the new file's line number of each hunk line. */
function mapPatch(patch: string, offset: number, paths: readonly string[]): { sections: FileSection[]; newLines: Map<number, number> } {
  const sections: FileSection[] = [];
  const newLines = new Map<number, number>();
  if (patch.trim() === '') return { sections, newLines };
  const byHeader = new Map(paths.map((p) => [`diff --git a/${p} b/${p}`, p]));
  let next: number | undefined;
  patch.replace(/\n$/, '').split('\n').forEach((text, i) => {
    const at = offset + i;
    if (text.startsWith('diff --git ')) {
      sections.push({ path: byHeader.get(text) ?? '', start: at });
      next = undefined;
      return;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (hunk) {
      next = Number(hunk[1]);
      return;
    }
    if (next === undefined || text.startsWith('\\')) return;
    if (text.startsWith('-')) newLines.set(at, Math.max(1, next));
    else {
      newLines.set(at, next);
      next++;
    }
  });
  return { sections, newLines };
}

/** The section holding document line `line` (undefined above the first file). */
export function sectionAt(doc: ReviewDocument, line: number): FileSection | undefined {
  let found: FileSection | undefined;
  for (const s of doc.sections) if (s.start <= line) found = s;
  return found;
}

/**
 * Where a file jump left the reader: the file's first line, and the top the view could scroll to. A jump near the
 * end of the diff cannot bring its file to the top of the view, so that file, not the one at the top, is the one read.
 */
export interface FileJump {
  line: number;
  top: number;
}

/** The document line the reader is at: the file jumped to while the view stays where the jump left it, else the top line. */
export function readingLine(top: number, jump: FileJump | undefined): number {
  return jump !== undefined && jump.top === top ? jump.line : top;
}

/** "file 2 of 3: src/auth.ts", for the file whose section holds document line `line`. */
export function fileLabel(doc: ReviewDocument, line: number): string | undefined {
  const section = sectionAt(doc, line);
  if (!section || section.path === '') return undefined;
  return `file ${doc.sections.indexOf(section) + 1} of ${doc.sections.length}: ${section.path}`;
}

/** The next (or previous) file's first line from `top`; undefined when there is none that way. */
export function jumpFile(doc: ReviewDocument, top: number, direction: 1 | -1): number | undefined {
  if (direction === 1) return doc.sections.find((s) => s.start > top)?.start;
  return [...doc.sections].reverse().find((s) => s.start < top)?.start;
}

/** The file shown at `top` and the line to open it at: the first changed line at or below `top` in that file. */
export function changedLineAt(doc: ReviewDocument, top: number): { path: string; line: number } | undefined {
  const section = sectionAt(doc, top) ?? doc.sections[0];
  if (!section || section.path === '') return undefined;
  const end = doc.sections.find((s) => s.start > section.start)?.start ?? doc.lines.length;
  const plain = doc.plain;
  let fallback: number | undefined;
  for (let i = Math.max(top, section.start); i < end; i++) {
    const line = doc.newLines.get(i);
    if (line === undefined) continue;
    fallback ??= line;
    if (plain[i]?.startsWith('+') || plain[i]?.startsWith('-')) return { path: section.path, line };
  }
  return { path: section.path, line: fallback ?? 1 };
}

/** Where the reader is, in words that survive a reload: the file at the top and how far into it. */
export function readingPlace(doc: ReviewDocument, top: number): { path: string; offset: number } | undefined {
  const section = sectionAt(doc, top);
  return section && section.path !== '' ? { path: section.path, offset: top - section.start } : undefined;
}

/** The top line that shows `place` in a reloaded document (undefined when the file is no longer there). */
export function placeTop(doc: ReviewDocument, place: { path: string; offset: number }): number | undefined {
  const section = doc.sections.find((s) => s.path === place.path);
  if (!section) return undefined;
  const end = doc.sections.find((s) => s.start > section.start)?.start ?? doc.lines.length;
  return Math.min(section.start + place.offset, Math.max(section.start, end - 1));
}
