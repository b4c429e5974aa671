// The "new workspace" dialog as lines of styled text: one line per field, a note under some, then the
// problem or progress line and the key hints.

import { textWidth } from '../../term/textWidth.js';
import { tailThatFits } from '../dialog/searchLine.js';
import { fitSegments, seg, type Segment } from '../dialog/segments.js';
import { branchesOf, fieldsOf, nameProblem } from './fields.js';
import type { FieldId, NewWorkspaceKind, NewWorkspaceState } from './model.js';

export interface DialogLineModel {
  segments: Segment[];
  focused: boolean;
}

const LABELS: Record<FieldId, string> = {
  kind: 'Kind',
  name: 'Name',
  folder: 'Folder',
  repo: 'Repo',
  url: 'URL',
  cloneBranch: 'Branch',
  branchMode: 'Branch',
  branch: 'Existing',
  base: 'Base',
  template: 'Template',
  prompt: 'Prompt',
  bypass: 'Bypass',
};
const KIND_LABELS: Record<NewWorkspaceKind, string> = { worktree: 'git worktree', adopt: 'adopt a folder', clone: 'git clone' };
const PLACEHOLDERS: Partial<Record<FieldId, string>> = {
  folder: 'the folder to adopt (~ and relative paths work)',
  repo: 'a folder in the git repository',
  url: 'https://…, git@host:repo or a folder',
  cloneBranch: "the repository's default branch",
  prompt: 'optional: given to every agent pane once it is ready',
};
const MARKER = '› ';
const LABEL_WIDTH = 10;
/** Existing branches listed under the branch field at most; the list scrolls to the chosen one. */
export const BRANCH_LIST_ROWS = 5;
const HINTS: Array<[string, string]> = [
  ['↑↓', 'field'],
  ['←→', 'choose'],
  ['Enter', 'create'],
  ['Esc', 'cancel'],
];

/** Every line inside the border, each exactly `width` cells. */
export function dialogLines(state: NewWorkspaceState, width: number): DialogLineModel[] {
  const lines: DialogLineModel[] = [{ segments: fitSegments([seg('New workspace', 'title')], width), focused: false }];
  for (const field of fieldsOf(state)) {
    const focused = field === state.focus && !state.busy;
    const head = [seg(focused ? MARKER : '  ', 'key'), seg(LABELS[field].padEnd(LABEL_WIDTH), 'caption')];
    const valueWidth = Math.max(1, width - textWidth(MARKER) - LABEL_WIDTH);
    lines.push({ segments: fitSegments([...head, ...valueSegments(state, field, valueWidth, focused)], width), focused });
    for (const note of notesUnder(state, field)) {
      // Under the value when it fits there, else from the margin (a long problem stays readable).
      const indent = textWidth(MARKER) + LABEL_WIDTH + textWidth(note.map((n) => n.text).join('')) <= width ? textWidth(MARKER) + LABEL_WIDTH : textWidth(MARKER);
      lines.push({ segments: fitSegments([seg(' '.repeat(indent)), ...note], width), focused: false });
    }
  }
  lines.push({ segments: fitSegments(statusLine(state), width), focused: false });
  lines.push({ segments: fitSegments(footer(state), width), focused: false });
  return lines;
}

/**
 * The lines for a box `room` lines tall: all of them when they fit; else the problem / progress line and the
 * hints stay, and the fields scroll to keep the focused one in view.
 */
export function linesThatFit(all: DialogLineModel[], room: number): DialogLineModel[] {
  if (all.length <= room) return all;
  const tail = all.slice(-2);
  const body = all.slice(0, -2);
  const bodyRoom = Math.max(0, room - tail.length);
  const focused = Math.max(0, body.findIndex((l) => l.focused));
  const start = Math.max(0, Math.min(focused - bodyRoom + 1, body.length - bodyRoom));
  return [...body.slice(start, start + bodyRoom), ...tail].slice(-room);
}

function valueSegments(state: NewWorkspaceState, field: FieldId, width: number, focused: boolean): Segment[] {
  switch (field) {
    case 'kind':
      return chips((['worktree', 'adopt', 'clone'] as const).map((k) => ({ label: KIND_LABELS[k], chosen: k === state.kind })));
    case 'branchMode':
      return chips([
        { label: 'new branch', chosen: state.branchMode === 'new' },
        { label: 'existing branch', chosen: state.branchMode === 'existing' },
      ]);
    case 'base':
      return [seg(`${state.branchPrefix}${state.text.name || 'NAME'} off `, 'caption'), choice(state.base ?? "the repository's default branch")];
    case 'branch':
      return [choice(state.branch ?? 'none free')];
    case 'template':
      return [choice(state.templates[state.templateIndex]?.name ?? 'none')];
    case 'bypass':
      return state.bypass
        ? [choice('on'), seg('  agents run tools and commands WITHOUT asking you', 'warning')]
        : [choice('off'), seg('  agents ask before running tools and commands', 'caption')];
    default:
      // The chrome draws the state with control characters as marks: a prompt's line break arrives as ^J.
      return textValue(state.text[field].replace(/\n|\^J/g, '↵'), PLACEHOLDERS[field] ?? '', width, focused);
  }
}

function textValue(text: string, placeholder: string, width: number, focused: boolean): Segment[] {
  const caret = focused ? [seg(' ', 'caret')] : [];
  const shown = tailThatFits(text, Math.max(0, width - 1));
  if (text === '') return [...caret, seg(focused ? ` ${placeholder}` : placeholder, 'placeholder')];
  return [seg(shown), ...caret];
}

const choice = (text: string): Segment => seg(`‹${text}›`, 'chosen');

/** Every choice in a row, the chosen one in ‹ › (it trades its spaces for them, so nothing moves). */
function chips(items: { label: string; chosen: boolean }[]): Segment[] {
  return items.flatMap((item, i) => [...(i > 0 ? [seg(' ')] : []), item.chosen ? choice(item.label) : seg(` ${item.label} `)]);
}

/** Lines under a field: the name's problem or what it makes, the repository's state, the branch list. */
function notesUnder(state: NewWorkspaceState, field: FieldId): Segment[][] {
  if (field === 'name') {
    const problem = nameProblem(state);
    if (problem) return [[seg(problem, state.text.name === '' ? 'placeholder' : 'error')]];
    if (state.kind === 'worktree') {
      const branch = state.branchMode === 'new' ? `new branch ${state.branchPrefix}${state.text.name}` : `checks out ${state.branch ?? 'an existing branch'}`;
      return [[seg(branch, 'caption')]];
    }
    return [[seg('')]];
  }
  if (field === 'repo') {
    const info = state.repoInfo;
    if (info.repo !== state.text.repo || info.status === 'reading') return [[seg('reading the repository…', 'placeholder')]];
    if (info.status === 'error') return [[seg(info.message, 'error')]];
    const count = info.branches.length;
    return [[seg(`${count} branch${count === 1 ? '' : 'es'}${info.defaultBranch ? `, default ${info.defaultBranch}` : ''}`, 'caption')]];
  }
  if (field === 'branch') return branchList(state);
  if (field === 'template') return [[seg(state.templates[state.templateIndex]?.description ?? 'one shell; ←/→ chooses a template', 'caption')]];
  return [];
}

/** The branches around the chosen one; those a worktree holds are dimmed with the folder that holds them. */
function branchList(state: NewWorkspaceState): Segment[][] {
  const branches = branchesOf(state);
  if (branches.length === 0) return [[seg('no branches yet', 'placeholder')]];
  const at = Math.max(0, branches.findIndex((b) => b.name === state.branch));
  const start = Math.max(0, Math.min(at - Math.floor(BRANCH_LIST_ROWS / 2), branches.length - BRANCH_LIST_ROWS));
  return branches.slice(start, start + BRANCH_LIST_ROWS).map((b) => {
    if (b.holder) return [seg(`  ${b.name} · checked out in ${b.holder}`, 'disabled')];
    const where = b.remoteOnly ? [seg(' · on origin only', 'caption')] : [];
    return b.name === state.branch ? [seg('• ', 'key'), seg(b.name, 'chosen'), ...where] : [seg(`  ${b.name}`), ...where];
  });
}

function statusLine(state: NewWorkspaceState): Segment[] {
  if (state.busy) return [seg(state.busy, 'value')];
  if (state.error) return [seg(state.error.text, 'error')];
  return [];
}

function footer(state: NewWorkspaceState): Segment[] {
  const hints: Array<[string, string]> = state.busy ? [['Esc', 'hide (it is still made)']] : HINTS;
  return hints.flatMap(([key, what], i) => [...(i > 0 ? [seg('  ')] : []), seg(key, 'key'), seg(` ${what}`, 'caption')]);
}
