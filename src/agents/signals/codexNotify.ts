// Codex's own signals (checked against @openai/codex 0.169.0): its `notify` program, which it runs with a
// JSON argument when a turn completes, and its TUI notifications (approval requested, turn complete), sent
// as OSC 9 to the terminal it runs in, i.e. to the pane. Both are set on the command line (`-c key=value`,
// parsed as TOML), never in the user's config.toml.

import { channelWord, cleanText, type ChannelReport, type ChannelState } from './channelReport.js';

const MAX_NOTIFY_TEXT_CHARS = 300;

/** User args that set the same keys: then the user's own choice stands and tessera reads the screen only. */
export const CODEX_SIGNAL_CONFLICTS: readonly RegExp[] = [/^(--config=)?notify\s*=/, /^(--config=)?tui\.notification/];

/** `-c` flags that make codex run `argv` at each turn's end and notify through OSC 9 whether or not it has focus. */
export function codexSignalArgs(argv: readonly string[]): string[] {
  const array = `[${argv.map((arg) => JSON.stringify(arg)).join(', ')}]`;
  return ['-c', `notify=${array}`];
}

/** The report in the JSON codex passes as the notify program's last argument. */
export function readCodexNotify(payload: unknown): ChannelReport | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const fields = payload as Record<string, unknown>;
  const event = channelWord(fields.type);
  if (event === undefined) return undefined;
  const text = cleanText(fields['last-assistant-message'], MAX_NOTIFY_TEXT_CHARS);
  return { source: 'codex', event, ...(text === undefined ? {} : { text }) };
}

/**
 * Nothing, for now: 0.169.0 also runs notify with `agent-turn-complete` in the middle of a turn (seen between its
 * "Working" line and the approval dialog that followed), so as a state it would make the pill flap. The report is
 * still noted (`tessera explain` shows it as the last report) and the screen decides.
 */
export function codexNotifyState(report: ChannelReport): ChannelState | undefined {
  void report;
  return undefined;
}
