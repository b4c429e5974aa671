// What the "new workspace" dialog offers and remembers, as plain data the reducer, the lines and the server share.

/** Where the folder comes from: a folder the user has, a new git worktree, or a new clone. */
export type NewWorkspaceKind = 'adopt' | 'worktree' | 'clone';
export const KINDS: readonly NewWorkspaceKind[] = ['worktree', 'adopt', 'clone'];

/** The fields a user types into. */
export type TextFieldId = 'name' | 'folder' | 'repo' | 'url' | 'cloneBranch' | 'prompt';
/** The fields chosen with ←/→ (or Space). */
export type ChoiceFieldId = 'kind' | 'branchMode' | 'branch' | 'base' | 'template' | 'bypass';
export type FieldId = TextFieldId | ChoiceFieldId;

export const isTextField = (field: FieldId): field is TextFieldId =>
  field === 'name' || field === 'folder' || field === 'repo' || field === 'url' || field === 'cloneBranch' || field === 'prompt';

/** A branch of the repository; one that a worktree has checked out cannot be checked out again (git refuses). */
export interface BranchOption {
  name: string;
  /** The folder of the worktree that has it checked out. */
  holder?: string;
  /** Only the remote `origin` has it (as a base it is named `origin/NAME`). */
  remoteOnly?: boolean;
}

/** What the server found out about the repository in the repo field (it asks git in the background). */
export type RepoInfo =
  /** Not asked yet, or being asked: `repo` is the text it is for. */
  | { status: 'reading'; repo: string }
  | { status: 'ready'; repo: string; branches: readonly BranchOption[]; defaultBranch?: string }
  | { status: 'error'; repo: string; message: string };

/** A template offered in the dialog (several panes at once). */
export interface TemplateOption {
  name: string;
  description?: string;
}

export interface NewWorkspaceState {
  kind: NewWorkspaceKind;
  text: Readonly<Record<TextFieldId, string>>;
  /** The user typed a name: it is no longer seeded from the folder, URL or branch. Clearing it seeds again. */
  nameEdited: boolean;
  branchMode: 'new' | 'existing';
  /** The existing branch chosen (worktree, existing branch). */
  branch?: string;
  /** The branch a new branch starts from (worktree, new branch); undefined: the repository's default. */
  base?: string;
  repoInfo: RepoInfo;
  /** Empty when no templates can be offered: the field is left out. */
  templates: readonly TemplateOption[];
  /** Index in `templates`, or -1 for none. */
  templateIndex: number;
  bypass: boolean;
  focus: FieldId;
  /** Names of the workspaces that exist (open or dormant): a new one cannot take them. */
  taken: readonly string[];
  /** Put before the name of a new branch (`feat/`). */
  branchPrefix: string;
  /** The one-line problem shown in the dialog (after Enter, or from the server), and the field it is about. */
  error?: { text: string; field?: FieldId };
  /** Set while the server creates the workspace: what it is doing. Keys are ignored but Esc. */
  busy?: string;
}

/** What the dialog asks the server to create. */
export type NewWorkspaceRequest = {
  name: string;
  prompt?: string;
  bypassPermissions: boolean;
  template?: string;
} & (
  | { kind: 'adopt'; folder: string }
  | { kind: 'worktree'; repo: string; branch?: string; base?: string }
  | { kind: 'clone'; url: string; branch?: string }
);

/** What the dialog starts with: the server's guesses from the workspace on screen. */
export interface NewWorkspaceDefaults {
  kind: NewWorkspaceKind;
  /** The folder field's first text (e.g. the parent of the current folder, ending in '/'). */
  folder: string;
  /** The repository of the current workspace, or ''. */
  repo: string;
  taken: readonly string[];
  branchPrefix: string;
  templates?: readonly TemplateOption[];
}

/** The longest text each field takes: more is a paste gone wrong. */
export const MAX_FIELD_LENGTH: Readonly<Record<TextFieldId, number>> = {
  name: 256,
  folder: 4096,
  repo: 4096,
  url: 4096,
  cloneBranch: 256,
  prompt: 200_000,
};

export type NewWorkspaceOutcome = { close: true } | { create: NewWorkspaceRequest } | { hide: true };
