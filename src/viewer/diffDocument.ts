// The diff viewer's document: the workspace's patch against its last commit, untracked files included
// (what `tessera diff` prints), coloured; or a line saying why there is none.

import { diffText } from '../git/diffText.js';
import { repoTop } from '../git/repo.js';
import { errorDocument, type ViewedDocument } from './document.js';
import { diffLines } from './diffLines.js';
import { lineText, span } from './styledText.js';

export async function loadDiff(dir: string): Promise<ViewedDocument> {
  try {
    if (!(await repoTop(dir))) return errorDocument(`${dir} is not in a git repository: there is no diff to show`);
    const lines = diffLines(await diffText(dir));
    if (lines.length === 0) lines.push([span('no changes against the last commit (untracked files included); r looks again', '90')]);
    return { lines, plain: lines.map(lineText) };
  } catch (error) {
    return errorDocument(`the diff of ${dir} could not be read: ${(error as Error).message}`);
  }
}
