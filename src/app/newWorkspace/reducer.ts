// The "new workspace" dialog's behaviour: a key (or the server's answer) in, the next state and what the
// server should do out. Pure: the server glue reads git and creates the workspace.

import { KINDS, MAX_FIELD_LENGTH, isTextField, type BranchOption, type FieldId, type NewWorkspaceDefaults, type NewWorkspaceOutcome, type NewWorkspaceRequest, type NewWorkspaceState, type TextFieldId } from './model.js';
import { baseChoices, fieldsOf, firstField, firstProblem, freeBranches, withSeededName } from './fields.js';
import { dialogAction, type DialogAction, type DialogKey } from './keys.js';
import { graphemeSegmenter } from '../../term/graphemes.js';

export interface NewWorkspaceStep {
  /** The same object as before when the key changed nothing, so a caller can skip a redraw. */
  state: NewWorkspaceState;
  outcome?: NewWorkspaceOutcome;
}


export function initialNewWorkspaceState(defaults: NewWorkspaceDefaults): NewWorkspaceState {
  return withSeededName({
    kind: defaults.kind,
    text: { name: '', folder: defaults.folder, repo: defaults.repo, url: '', cloneBranch: '', prompt: '' },
    nameEdited: false,
    branchMode: 'new',
    repoInfo: { status: 'reading', repo: defaults.repo },
    templates: defaults.templates ?? [],
    templateIndex: -1,
    bypass: false,
    focus: firstField(defaults.kind),
    taken: defaults.taken,
    branchPrefix: defaults.branchPrefix,
  });
}

export function reduceNewWorkspace(state: NewWorkspaceState, key: DialogKey): NewWorkspaceStep {
  const action = dialogAction(key);
  if (!action) return { state };
  if (state.busy) return action.type === 'cancel' ? { state, outcome: { hide: true } } : { state };
  return apply(state, action);
}

/** Pasted text goes into the focused text field: on one line, but a prompt keeps its line breaks. */
export function pasteIntoDialog(state: NewWorkspaceState, text: string): NewWorkspaceStep {
  if (state.busy || !isTextField(state.focus)) return { state };
  const clean = state.focus === 'prompt' ? text.replace(/\r\n?/g, '\n').replace(/[\x00-\x09\x0b-\x1f\x7f-\x9f]+/g, ' ') : text.replace(/[\x00-\x1f\x7f-\x9f]+/g, ' ');
  return clean === '' ? { state } : { state: edit(state, state.focus, state.text[state.focus] + clean) };
}

/** The server read the repository in the repo field (its branches), or could not; an answer for older text is dropped. */
export function repoRead(state: NewWorkspaceState, repo: string, result: { branches: readonly BranchOption[]; defaultBranch?: string } | { message: string }): NewWorkspaceState {
  if (state.text.repo !== repo) return state;
  const next: NewWorkspaceState = { ...state, repoInfo: 'message' in result ? { status: 'error', repo, message: result.message } : { status: 'ready', repo, ...result } };
  return withSeededName(withBranchChoices(next));
}

/** The server is working on it: what it does, and for how long so far. */
export function creating(state: NewWorkspaceState, busy: string): NewWorkspaceState {
  return { ...state, busy, error: undefined };
}

/** Creating failed: the message in the dialog, every entry kept. */
export function createFailed(state: NewWorkspaceState, message: string): NewWorkspaceState {
  const field: FieldId | undefined = /exists already|workspace name/.test(message) ? 'name' : /no such directory|not a directory/.test(message) && state.kind === 'adopt' ? 'folder' : undefined;
  return { ...state, busy: undefined, error: { text: message, field }, focus: field ?? state.focus };
}

function apply(state: NewWorkspaceState, action: DialogAction): NewWorkspaceStep {
  switch (action.type) {
    case 'move':
      return { state: move(state, action.step) };
    case 'cycle':
      return { state: isTextField(state.focus) ? state : cycle(state, state.focus, action.step) };
    case 'type':
      if (isTextField(state.focus)) return { state: edit(state, state.focus, state.text[state.focus] + action.text) };
      // Space chooses on a choice field, as → does.
      return { state: action.text === ' ' ? cycle(state, state.focus, 1) : state };
    case 'deleteBack':
      return { state: isTextField(state.focus) ? edit(state, state.focus, withoutLast(state.text[state.focus], 1)) : state };
    case 'deleteWord':
      return { state: isTextField(state.focus) ? edit(state, state.focus, withoutLastWord(state.text[state.focus])) : state };
    case 'clear':
      return { state: isTextField(state.focus) ? edit(state, state.focus, '') : state };
    case 'cancel':
      return { state, outcome: { close: true } };
    case 'submit':
      return submit(state);
  }
}

function move(state: NewWorkspaceState, step: 1 | -1): NewWorkspaceState {
  const fields = fieldsOf(state);
  const at = fields.indexOf(state.focus);
  const next = fields[(at + step + fields.length) % fields.length];
  return next === state.focus ? state : { ...state, focus: next };
}

/**
 * Changes a text field. The name stops following the other fields once typed; cleared, it stays empty for
 * the user to type another, and follows them again when they change.
 */
function edit(state: NewWorkspaceState, field: TextFieldId, value: string): NewWorkspaceState {
  const text = value.slice(0, MAX_FIELD_LENGTH[field]);
  if (text === state.text[field]) return state;
  const next: NewWorkspaceState = { ...state, text: { ...state.text, [field]: text }, error: undefined };
  if (field === 'name') return { ...next, nameEdited: text !== '' };
  return withSeededName(field === 'repo' ? { ...next, repoInfo: { status: 'reading', repo: text } } : next);
}

function cycle(state: NewWorkspaceState, field: FieldId, step: 1 | -1): NewWorkspaceState {
  let next: NewWorkspaceState;
  switch (field) {
    case 'kind':
      next = { ...state, kind: KINDS[(KINDS.indexOf(state.kind) + step + KINDS.length) % KINDS.length] };
      break;
    case 'branchMode':
      next = withBranchChoices({ ...state, branchMode: state.branchMode === 'new' ? 'existing' : 'new' });
      break;
    case 'branch':
      next = { ...state, branch: stepThrough(freeBranches(state).map((b) => b.name), state.branch, step) };
      break;
    case 'base':
      next = { ...state, base: stepThrough(baseChoices(state), state.base, step) };
      break;
    case 'template':
      // -1 is "none", before the first template.
      next = { ...state, templateIndex: ((state.templateIndex + 1 + step + state.templates.length + 1) % (state.templates.length + 1)) - 1 };
      break;
    case 'bypass':
      next = { ...state, bypass: !state.bypass };
      break;
    default:
      return state;
  }
  return withSeededName({ ...next, error: undefined });
}

/** The next (or previous) item after `current`, wrapping; the first when `current` is not there. */
function stepThrough(items: readonly string[], current: string | undefined, step: 1 | -1): string | undefined {
  if (items.length === 0) return undefined;
  const at = current === undefined ? -1 : items.indexOf(current);
  if (at < 0) return items[0];
  return items[(at + step + items.length) % items.length];
}

/** Keeps the chosen branch and base when the repository still has them, else picks sensible ones. */
function withBranchChoices(state: NewWorkspaceState): NewWorkspaceState {
  const info = state.repoInfo;
  if (info.status !== 'ready') return state;
  const bases = baseChoices(state);
  const free = freeBranches(state).map((b) => b.name);
  const wanted = info.defaultBranch === undefined ? [] : [info.defaultBranch, `origin/${info.defaultBranch}`];
  const fallback = wanted.find((b) => bases.includes(b)) ?? bases[0];
  const base = state.base !== undefined && bases.includes(state.base) ? state.base : fallback;
  const branch = state.branch !== undefined && free.includes(state.branch) ? state.branch : free[0];
  return base === state.base && branch === state.branch ? state : { ...state, base, branch };
}

function submit(state: NewWorkspaceState): NewWorkspaceStep {
  const problem = firstProblem(state);
  if (problem) return { state: { ...state, error: problem, focus: problem.field } };
  return { state, outcome: { create: requestOf(state) } };
}

function requestOf(state: NewWorkspaceState): NewWorkspaceRequest {
  const prompt = state.text.prompt.trim() === '' ? undefined : state.text.prompt;
  const template = state.templates[state.templateIndex]?.name;
  const common = { name: state.text.name, bypassPermissions: state.bypass, ...(prompt === undefined ? {} : { prompt }), ...(template === undefined ? {} : { template }) };
  if (state.kind === 'adopt') return { ...common, kind: 'adopt', folder: state.text.folder.trim() };
  if (state.kind === 'clone') {
    const branch = state.text.cloneBranch.trim();
    return { ...common, kind: 'clone', url: state.text.url.trim(), ...(branch === '' ? {} : { branch }) };
  }
  const repo = state.text.repo.trim();
  if (state.branchMode === 'existing') return { ...common, kind: 'worktree', repo, branch: state.branch };
  return { ...common, kind: 'worktree', repo, ...(state.base === undefined ? {} : { base: state.base }) };
}

function withoutLast(text: string, count: number): string {
  const graphemes = [...graphemeSegmenter.segment(text)];
  const cut = graphemes.at(-count);
  return cut ? text.slice(0, cut.index) : '';
}

/** Deletes back to the start of the word (a path part stops at '/'), as Ctrl+W does in a shell. */
function withoutLastWord(text: string): string {
  const trimmed = text.replace(/[\s/]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf(' '), trimmed.lastIndexOf('/'));
  return cut < 0 ? '' : text.slice(0, cut + 1);
}
