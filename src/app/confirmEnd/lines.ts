// The confirmation's lines: what the workspace holds (the same preflight `tessera rm/reset` prints),
// the permissions with their warnings, the confirm and cancel rows, and the key hints.

import { REFLOG_WINDOW_DAYS, changedFiles, ignoredFiles, keptWork, paneIds, touchesFiles } from '../../git/endGuards.js';
import { countAndNames, someNames } from '../../git/namedList.js';
import { fitSegments, seg, type Segment } from '../dialog/segments.js';
import { confirmRefusal, confirmRows, type ConfirmEndState, type ConfirmRow } from './model.js';

export interface ConfirmLine {
  segments: Segment[];
  focused: boolean;
}

const box = (on: boolean): string => (on ? '[x] ' : '[ ] ');

function factLines(state: ConfirmEndState): Segment[][] {
  const f = state.facts;
  const label = (text: string): Segment => seg(text.padEnd(18), 'caption');
  const listed = (names: readonly string[]): Segment => seg(countAndNames(names), names.length > 0 ? 'warning' : 'text');
  const lines: Segment[][] = [[label('folder'), seg(`${f.path} (${f.kind})`, 'value')]];
  if (f.git) {
    lines.push([label('head'), seg(f.git.head)]);
    if (f.branch !== null && f.git.checkedOut !== f.branch) lines.push([label('checked out'), seg(`${f.git.checkedOut ?? 'a detached HEAD'} (its own branch is ${f.branch})`, 'warning')]);
    lines.push([label('changed files'), listed(f.git.dirty)]);
    lines.push([label('untracked files'), listed(f.git.untracked)]);
    const keepsIgnored = state.action === 'reset' || !touchesFiles(f, state.action);
    lines.push([label('ignored files'), keepsIgnored ? seg(`${countAndNames(f.git.ignored)}${f.git.ignored.length > 0 ? ', kept' : ''}`) : listed(f.git.ignored)]);
    const remote = f.git.noRemote ? ' (no remote: nothing here is backed up elsewhere)' : '';
    const where = f.git.unpushedRefs.length > 0 ? ` (${someNames(f.git.unpushedRefs)})` : '';
    lines.push([label('unpushed commits'), seg(`${f.git.unpushed}${where}${remote}`, f.git.unpushed > 0 ? 'warning' : 'text')]);
    const lost = state.action === 'rm' && f.git.reflogOnly > 0;
    lines.push([label('only in reflog'), seg(`${f.git.reflogOnly} commit(s) of the last ${REFLOG_WINDOW_DAYS} days${f.git.reflogOnly > 0 && !lost ? ', kept' : ''}`, lost ? 'warning' : 'text')]);
    lines.push([label('stashes'), seg(String(f.git.stashes), f.git.stashes > 0 ? 'warning' : 'text')]);
  } else if (f.unreadable) {
    lines.push([label('unreadable'), seg(`git could not read this folder (${f.unreadable.reason})`, 'warning')]);
    const count = `${f.unreadable.files.length}${f.unreadable.complete ? '' : '+'}`;
    lines.push([label('files it holds'), seg(f.unreadable.files.length > 0 ? `${count} (${someNames(f.unreadable.files)})` : count, 'warning')]);
  } else {
    lines.push([seg('not a git repository (or the folder is gone)', 'caption')]);
  }
  const running = f.runningPanes.length;
  lines.push([label('running panes'), seg(running === 0 ? 'none' : `${running} (${paneIds(f.runningPanes)}): stopped first, then checked again`)]);
  for (const problem of f.folderProblems) lines.push([label('refused'), seg(problem, 'error')]);
  return lines;
}

function rowSegments(state: ConfirmEndState, row: ConfirmRow): Segment[] {
  const name = state.facts.name;
  if (row === 'discard') {
    const what = changedFiles(state.facts) || `the folder git could not read, with ${state.facts.unreadable?.files.length ?? 0}${state.facts.unreadable?.complete === false ? '+' : ''} file(s),`;
    return [seg(box(state.discardChanges), 'key'), seg('discard changes: ', 'text'), seg(`${what} are thrown away for good`, 'warning')];
  }
  if (row === 'ignored') return [seg(box(state.discardIgnored), 'key'), seg('discard ignored files: ', 'text'), seg(`${ignoredFiles(state.facts, state.action)} are thrown away for good`, 'warning')];
  if (row === 'force') return [seg(box(state.force), 'key'), seg('lose unpushed commits: ', 'text'), seg(`${keptWork(state.facts, state.action)} exist nowhere else`, 'warning')];
  if (row === 'cancel') return [seg('Cancel (keep everything)')];
  const verb = state.action === 'rm' ? 'Remove' : 'Reset';
  if (state.busy) return [seg(`${verb} ${name}: checking again and working…`, 'hint')];
  const blocked = confirmRefusal(state) !== undefined;
  return [seg(`${verb} ${name}`, blocked ? 'disabled' : 'error'), seg(blocked ? '  (refused as chosen: see below)' : '', 'hint')];
}

function whatHappens(state: ConfirmEndState): string {
  const f = state.facts;
  if (state.action === 'reset') return `Reset ${f.name}: its branch${f.branch ? ` ${f.branch}` : ''} goes back to ${f.base ?? '(no base)'}; changed and untracked files are cleaned (ignored files such as node_modules stay).`;
  if (!touchesFiles(f, 'rm')) return `Remove ${f.name}: tessera forgets it; its folder and files are never touched.`;
  return `Remove ${f.name}: its folder ${f.path} is deleted, ignored files included${f.kind === 'worktree' && f.branch ? ` (branch ${f.branch} stays in the repository)` : ''}.`;
}

/** The text in lines of at most `width` columns, broken between words (a word longer than a line is cut by the line). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

export function confirmLines(state: ConfirmEndState, width: number): ConfirmLine[] {
  const plain = (segments: Segment[]): ConfirmLine => ({ segments: fitSegments(segments, width), focused: false });
  const title = state.action === 'rm' ? `Remove workspace ${state.facts.name}?` : `Reset workspace ${state.facts.name}?`;
  const lines: ConfirmLine[] = [plain([seg(title, 'title')]), ...wrapWords(whatHappens(state), width).map((part) => plain([seg(part, 'text')])), plain([])];
  for (const fact of factLines(state)) lines.push(plain(fact));
  lines.push(plain([]));
  for (const row of confirmRows(state)) lines.push({ segments: fitSegments(rowSegments(state, row), width), focused: row === state.focus });
  const why = state.error ?? confirmRefusal(state);
  if (!why) lines.push(plain([]));
  for (const part of why ? why.split('\n').flatMap((line) => wrapWords(line, width)) : []) lines.push(plain([seg(part, state.error ? 'error' : 'hint')]));
  lines.push(plain([seg('↑↓ move  Space/Enter turn on/off  Enter on the action confirms (checked again first)  Esc cancels', 'hint')]));
  return lines;
}
