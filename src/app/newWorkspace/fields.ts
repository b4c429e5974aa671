// Which fields the "new workspace" dialog shows for the kind chosen, the name it seeds, and what is wrong
// with the entries (live for the name, on Enter for the rest).

import path from 'node:path';
import { checkCloneUrl, repoNameFromUrl } from '../../git/cloneUrl.js';
import { NAME_RULE_SHORT, checkWorkspaceName, nameFromFolder } from '../../store/workspaceName.js';
import type { BranchOption, FieldId, NewWorkspaceState } from './model.js';

/** The fields in the order ↑/↓ moves through them. */
export function fieldsOf(state: Pick<NewWorkspaceState, 'kind' | 'branchMode' | 'templates'>): FieldId[] {
  const source: FieldId[] =
    state.kind === 'adopt' ? ['folder'] : state.kind === 'clone' ? ['url', 'cloneBranch'] : ['repo', 'branchMode', state.branchMode === 'new' ? 'base' : 'branch'];
  return ['kind', 'name', ...source, ...(state.templates.length > 0 ? (['template'] as FieldId[]) : []), 'prompt', 'bypass'];
}

/** Where the cursor starts for a kind: the field a user fills first. */
export function firstField(kind: NewWorkspaceState['kind']): FieldId {
  return kind === 'adopt' ? 'folder' : kind === 'clone' ? 'url' : 'name';
}

/** The name the entries suggest: the folder's, the repository's (clone) or the branch's; '' when none. */
export function seededName(state: NewWorkspaceState): string {
  if (state.kind === 'adopt') {
    const folder = state.text.folder.trim().replace(/\/+$/, '');
    const base = folder === '' || folder === '~' ? '' : path.posix.basename(folder);
    return base === '' ? '' : nameFromFolder(base);
  }
  if (state.kind === 'clone') {
    const url = state.text.url.trim();
    return url === '' ? '' : nameFromFolder(repoNameFromUrl(url));
  }
  if (state.branchMode === 'existing' && state.branch) return nameFromFolder(path.posix.basename(state.branch));
  return '';
}

/** The name follows the other entries until the user types one. */
export function withSeededName(state: NewWorkspaceState): NewWorkspaceState {
  if (state.nameEdited) return state;
  const name = seededName(state);
  return name === state.text.name ? state : { ...state, text: { ...state.text, name } };
}

/** What is wrong with the name as typed; undefined when it can be used. */
export function nameProblem(state: NewWorkspaceState): string | undefined {
  const name = state.text.name;
  if (name === '') return state.kind === 'worktree' && state.branchMode === 'new' ? 'type a name: it names the folder and the new branch' : 'type a name';
  if (checkWorkspaceName(name)) return `name: ${NAME_RULE_SHORT}`;
  if (state.taken.includes(name)) return `a workspace named '${name}' exists already`;
  return undefined;
}

/** The branches listed for the repository, when it has been read. */
export function branchesOf(state: NewWorkspaceState): readonly BranchOption[] {
  return state.repoInfo.status === 'ready' && state.repoInfo.repo === state.text.repo ? state.repoInfo.branches : [];
}

/** What a new branch can start from: every branch, origin's own by their remote name. */
export function baseChoices(state: NewWorkspaceState): string[] {
  return branchesOf(state).map((b) => (b.remoteOnly ? `origin/${b.name}` : b.name));
}

/** Branches that can be checked out: no worktree holds them. */
export function freeBranches(state: NewWorkspaceState): BranchOption[] {
  return branchesOf(state).filter((b) => b.holder === undefined);
}

/** The first thing that stops the workspace from being created, and the field to fix it in. */
export function firstProblem(state: NewWorkspaceState): { field: FieldId; text: string } | undefined {
  const name = nameProblem(state);
  if (name) return { field: 'name', text: name };
  if (state.kind === 'adopt' && state.text.folder.trim() === '') return { field: 'folder', text: 'type the folder to adopt' };
  if (state.kind === 'clone') {
    const url = state.text.url.trim();
    if (url === '') return { field: 'url', text: 'type the URL (or folder) of the repository to clone' };
    const problem = checkCloneUrl(url);
    if (problem) return { field: 'url', text: problem };
  }
  if (state.kind === 'worktree') return worktreeProblem(state);
  return undefined;
}

function worktreeProblem(state: NewWorkspaceState): { field: FieldId; text: string } | undefined {
  const info = state.repoInfo;
  if (state.text.repo.trim() === '') return { field: 'repo', text: "type the folder of the git repository to make a worktree of" };
  if (info.repo !== state.text.repo || info.status === 'reading') return { field: 'repo', text: 'still reading the repository; try again in a moment' };
  if (info.status === 'error') return { field: 'repo', text: info.message };
  if (state.branchMode === 'existing') {
    const chosen = info.branches.find((b) => b.name === state.branch);
    if (!chosen) return { field: 'branch', text: freeBranches(state).length === 0 ? 'every branch is checked out in a worktree already; make a new one' : 'choose a branch with ←/→' };
    if (chosen.holder) return { field: 'branch', text: `branch '${chosen.name}' is checked out in ${chosen.holder}` };
  }
  return undefined;
}
