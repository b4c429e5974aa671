// Naming a pane on a command line: `-t 3` (its number, as headers and list-panes show it; `%3` as in
// tmux), `-t WORKSPACE` or `-t WORKSPACE:` (that workspace's focused pane, as tmux takes a session
// name; the colon for a workspace named by digits alone), `-t WORKSPACE:INDEX` (the pane at that
// place in the workspace, 0 first, in list-panes' order), or `-t WORKSPACE:TITLE` (the pane with that
// title). Left out: the pane the command was typed in, else the focused pane of the workspace used last.

import { UsageError, stringFlag, type FlagSpec, type ParsedArgs } from './argParser.js';
import { InvalidInput, optStr } from '../protocol/validate.js';
import { checkWorkspaceName } from '../store/workspaceName.js';

export const targetPaneFlag: FlagSpec = {
  name: 'target',
  short: 't',
  value: true,
  valueHint: 'a pane: its number, WORKSPACE (its focused pane), WORKSPACE:INDEX or WORKSPACE:TITLE',
};
export const jsonFlag: FlagSpec = { name: 'json' };

export type PaneTarget =
  | { id: number }
  | { workspace: string; focused: true }
  | { workspace: string; index: number }
  | { workspace: string; title: string };

/** Longest pane target accepted (a workspace name, a colon and a title). */
const MAX_TARGET_CHARS = 512;
const PANE_NUMBER = /^%?(\d{1,9})$/;

/** What `text` names, or undefined when it is no pane target at all. */
export function readPaneTarget(text: string): PaneTarget | undefined {
  if (text.length === 0 || text.length > MAX_TARGET_CHARS) return undefined;
  const number = PANE_NUMBER.exec(text);
  if (number) return { id: Number(number[1]) };
  const colon = text.indexOf(':');
  if (colon === -1 || colon === text.length - 1) {
    const workspace = colon === -1 ? text : text.slice(0, colon);
    return checkWorkspaceName(workspace) === undefined ? { workspace, focused: true } : undefined;
  }
  if (colon === 0) return undefined;
  const workspace = text.slice(0, colon);
  const rest = text.slice(colon + 1);
  return /^\d{1,4}$/.test(rest) ? { workspace, index: Number(rest) } : { workspace, title: rest };
}

const TARGET_HELP = "use the pane's number (-t 3), WORKSPACE (its focused pane), WORKSPACE:INDEX (-t task-a:0) or WORKSPACE:TITLE";

/** `-t` of a command line that acts on a pane, checked. */
export function paneTargetFlag(args: ParsedArgs): string | undefined {
  const target = stringFlag(args, 'target');
  if (target !== undefined && readPaneTarget(target) === undefined) throw new UsageError(`invalid pane '${target}': ${TARGET_HELP}`);
  return target;
}

/** A pane target that came over the socket, checked. */
export function parsePaneTarget(value: unknown, what = 'pane'): string | undefined {
  const text = optStr(value, what, MAX_TARGET_CHARS);
  if (text !== undefined && readPaneTarget(text) === undefined) throw new InvalidInput(`invalid ${what} '${text}': ${TARGET_HELP}`);
  return text;
}
