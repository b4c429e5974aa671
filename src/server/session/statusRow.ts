// What the bottom row shows, most important first (see docs/agents.md, "The approval bar"):
//   1. While a pane of this workspace waits on a question, the approval bar owns the row. Of the rest, only what
//      takes the very next key may share it, in the slot of the workspace name: the prefix waiting for its
//      command key, or a prompt (a y/n confirmation, the search line). A notice waits (it is not shown) and still
//      clears itself on time (STATUS_NOTICE_MS).
//   2. Otherwise a message: the prompt or notice, else a hint the workspace gives (an exited pane, project work
//      waiting for approval).
//   3. Otherwise the key hints.

import type { ApprovalBarModel, StatusBarModel } from '../../app/chromeModel.js';

type Message = StatusBarModel['message'];

export interface StatusRowInput {
  /** The client's own message: a prompt (tone 'question') or a notice. */
  message: Message;
  approval: ApprovalBarModel | undefined;
  /** Hints the workspace gives, in order, computed only when shown. */
  hints: readonly (() => Message)[];
}

/** The message the status bar shows beside (with the bar) or instead of (without it) the hints. */
export function statusMessage({ message, approval, hints }: StatusRowInput): Message {
  if (approval) return message?.tone === 'question' ? message : undefined;
  if (message) return message;
  for (const hint of hints) {
    const shown = hint();
    if (shown) return shown;
  }
  return undefined;
}
