// The inbox's lines: a title, one row per waiting question (agent, workspace:pane, age, the question),
// the chosen one highlighted and kept in view, and the keys; or, while `A` asks, the questions it would
// allow and how to confirm.

import { ageText } from '../../commands/ageText.js';
import { fitSegments, seg, type Segment } from '../dialog/segments.js';
import { selectedIndex, type InboxRow, type InboxState } from './model.js';

export interface InboxLine {
  segments: Segment[];
  focused: boolean;
}

/** Title and blank line above the list, blank line and key hints below it. */
export const INBOX_CHROME_LINES = 4;

const LIST_HINT = '↑↓ choose  y allow  n deny  Enter go to its pane  A allow all (asks first)  Esc close';
const CONFIRM_HINT = 'Enter or y allows each one (each checked again first)  Esc or n goes back';

function rowSegments(row: InboxRow, now: number): Segment[] {
  const age = ageText((now - row.askedAt) / 1000);
  return [seg(row.agent.padEnd(8), 'value'), seg(` ${row.workspace}:${row.paneId}`, 'caption'), seg(` ${age.padStart(4)}  `, 'hint'), seg(row.question)];
}

/** At most `height` lines (the list scrolls to keep the chosen row in view), each exactly `width` wide. */
export function inboxLines(state: InboxState, width: number, height: number): InboxLine[] {
  const line = (segments: Segment[], focused = false): InboxLine => ({ segments: fitSegments(segments, width), focused });
  const listed = state.confirm ?? state.rows;
  const title = state.confirm
    ? `Allow ${listed.length === 1 ? 'this question' : `these ${listed.length} questions`}?`
    : `Inbox: ${listed.length === 0 ? 'no question waits' : `${listed.length} question${listed.length === 1 ? '' : 's'} wait${listed.length === 1 ? 's' : ''}`}`;
  const room = Math.max(0, height - INBOX_CHROME_LINES);
  const chosen = state.confirm ? -1 : selectedIndex(state);
  const start = Math.max(0, Math.min(chosen - Math.floor(room / 2), listed.length - room));
  const rows = listed.slice(start, start + room).map((row, i) => line(rowSegments(row, state.now), start + i === chosen));
  if (listed.length === 0 && room > 0) rows.push(line([seg('nothing waits for you: questions show here as agents ask them', 'caption')]));
  return [line([seg(title, state.confirm ? 'warning' : 'title')]), line([]), ...rows, line([]), line([seg(state.confirm ? CONFIRM_HINT : LIST_HINT, 'hint')])];
}

/** Lines the inbox would like: all its rows (the rect caps it to the screen). */
export const inboxLineCount = (state: InboxState): number => Math.max(1, (state.confirm ?? state.rows).length) + INBOX_CHROME_LINES;
