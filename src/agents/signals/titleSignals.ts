// What Gemini CLI (0.61.0) and Codex (0.169.0) say about themselves in the terminal title they set (OSC 0): both
// derive it from their own state, not from what they draw, and both set it in every run with no option needed.
// - Gemini: "◇  Ready (folder)", "✦  Working… (folder)" (or the model's thought), "⏲  Working… (folder)" (a silent
//   shell command), "✋  Action Required (folder)" (a confirmation, or a shell command waiting for input).
//   A user setting (ui.hideWindowTitle, ui.dynamicWindowTitle: false) turns it off: then the screen decides alone.
// - Codex: a braille spinner before the project while a turn runs, "[ ! ] Action Required | project" (the "!"
//   blinks to ".") while it waits on an approval; the bare project name says nothing (it also shows with the
//   spinner turned off in tui.terminal_title), so its end of turn comes from its notify program instead.

import type { AgentKind } from '../detection.js';
import type { ChannelReport, ChannelState } from './channelReport.js';

/** The state words a title report carries (its `detail`). */
const TITLE_STATES = { ready: 'idle', working: 'running', 'action-required': 'approval' } as const;
type TitleWord = keyof typeof TITLE_STATES;

const GEMINI_TITLES: readonly [RegExp, TitleWord][] = [
  [/^✋\s+Action Required\b/u, 'action-required'],
  [/^◇\s+Ready\b/u, 'ready'],
  [/^[✦⏲]\s+\S/u, 'working'],
];

const CODEX_TITLES: readonly [RegExp, TitleWord][] = [
  [/^\[ [!.] \] Action Required\b/u, 'action-required'],
  [/^[\u2801-\u28ff] \S/u, 'working'],
];

const TITLES: Partial<Record<AgentKind, readonly [RegExp, TitleWord][]>> = { gemini: GEMINI_TITLES, codex: CODEX_TITLES };

/** How `tessera explain` names the title's word: "title Action Required". */
const SAID: Record<TitleWord, string> = { ready: 'Ready', working: 'Working', 'action-required': 'Action Required' };

/** The report in a title set by an agent of `kind`, or undefined when it says nothing about its state. */
export function readAgentTitle(kind: string, title: string): ChannelReport | undefined {
  const patterns = (TITLES as Record<string, readonly [RegExp, TitleWord][] | undefined>)[kind];
  const word = patterns?.find(([pattern]) => pattern.test(title.trim()))?.[1];
  if (word === undefined) return undefined;
  return { source: kind === 'codex' ? 'codex' : 'gemini', event: 'title', detail: word };
}

export function titleState(report: ChannelReport): ChannelState | undefined {
  const word = report.detail as TitleWord | undefined;
  if (word === undefined || !(word in TITLE_STATES)) return undefined;
  const state = TITLE_STATES[word];
  const label = `title ${SAID[word]}`;
  // The title names no question: the screen's dialog does, once it is read.
  return state === 'approval' ? { state, label, question: `${report.source === 'codex' ? 'Codex' : 'Gemini CLI'} needs you (its title says Action Required)` } : { state, label };
}
