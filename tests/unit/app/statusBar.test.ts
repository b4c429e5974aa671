// The approval bar is never hidden: a notice waits behind it, and what takes the next key (the prefix, a prompt)
// shares its row in the workspace name's slot.

import { describe, expect, it } from 'vitest';
import type { ApprovalBarModel, ChromeModel, StatusBarModel } from '../../../src/app/chromeModel.js';
import { OffscreenChrome } from '../../../src/app/offscreenChrome.js';
import { statusMessage } from '../../../src/server/session/statusRow.js';
import { ansiToCells } from '../../../src/term/ansiToCells.js';

const BAR: ApprovalBarModel = {
  waiting: [{ paneId: 2, agent: 'helper', question: 'Allow this command? kettle on (y/n)', questionId: 'abc123-1' }],
  owner: 2,
  keys: { allow: 'C-\\ y', deny: 'C-\\ n', abort: 'C-\\ Escape', jump: 'C-\\ w' },
};

const NOTICE = { text: 'copied 9 characters (1 line) to the clipboard', tone: 'info' } as const;
const PROMPT = { text: 'Close pane 1 (bash ~)? (y/n)', tone: 'question' } as const;

describe('what the status row shows', () => {
  it('a notice does not show while a question waits; without one, it shows', () => {
    expect(statusMessage({ message: NOTICE, approval: BAR, hints: [] })).toBeUndefined();
    expect(statusMessage({ message: NOTICE, approval: undefined, hints: [] })).toBe(NOTICE);
  });

  it('a prompt stays beside the bar: it takes the next key', () => {
    expect(statusMessage({ message: PROMPT, approval: BAR, hints: [] })).toBe(PROMPT);
  });

  it("the workspace's hints show only when nothing else does", () => {
    const hint = { text: 'pane 1 exited with status 0: press Enter to close it', tone: 'info' } as const;
    expect(statusMessage({ message: undefined, approval: BAR, hints: [() => hint] })).toBeUndefined();
    expect(statusMessage({ message: NOTICE, approval: undefined, hints: [() => hint] })).toBe(NOTICE);
    expect(statusMessage({ message: undefined, approval: undefined, hints: [() => undefined, () => hint] })).toBe(hint);
  });
});

function bottomRow(status: Partial<StatusBarModel>, cols = 120): string {
  const model: ChromeModel = {
    cols,
    rows: 3,
    headers: [],
    dividers: [],
    status: { workspace: 'main', paneCount: 2, prefixPending: false, prefixLabel: 'C-\\', hintKeys: { help: '?', detach: 'd' }, needYou: 0, ...status },
    overlay: { kind: 'none' },
  };
  const chrome = new OffscreenChrome(model);
  const row = ansiToCells(chrome.text, model.cols, model.rows).rowText(2);
  chrome.dispose();
  return row;
}

describe('the status bar with a question waiting', () => {
  it('shows the bar with the workspace', () => {
    expect(bottomRow({ approval: BAR })).toMatch(/^ main {2}2 panes {2}⚠ 2 helper {2}Allow · Deny · Abort C-\\ y\/n\/Escape Allow this command\? kettle on \(y\/n\)/);
  });

  it('shows the bar while the prefix waits for its key, with the prefix in the slot', () => {
    expect(bottomRow({ approval: BAR, prefixPending: true })).toMatch(/^ C-\\ … {2}⚠ 2 helper {2}Allow · Deny · Abort/);
  });

  it('shows a prompt in the slot, cut from the start to a third of the row, and the bar after it', () => {
    const row = bottomRow({ approval: BAR, message: PROMPT }, 120);
    expect(row).toMatch(/^ Close pane 1 \(bash ~\)\? \(y\/n\) {2}⚠ 2 helper {2}Allow/);
    const long = bottomRow({ approval: BAR, message: { text: `Close pane 1 (${'x'.repeat(80)})? (y/n)`, tone: 'question' } }, 60);
    expect(long).toMatch(/^…x+\)\? \(y\/n\) {2}⚠ 2 helper {2}Allow/);
    expect(long.indexOf('⚠')).toBeLessThanOrEqual(21);
  });
});
