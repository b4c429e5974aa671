// Codex's notify program (checked against @openai/codex 0.169.0): codex runs it with a JSON argument when a turn
// completes. It is set on the command line (`-c notify=[…]`, parsed as TOML), never in the user's config.toml.
//
// 0.169.0 also runs it for the short conversations it holds on the side (the one that writes the session's title
// runs while the real turn is still working): those carry another `thread-id`. So the server keeps a turn-complete
// only when its thread is the pane's own conversation (see src/server/agent/codexTurns.ts), and the report says
// which it was: `main-thread` (the turn ended: idle) or `side-thread` (noted, no state).
//
// Not used: its hooks (hooks.* in config.toml, also settable with -c) run only once the user has trusted them, which
// codex records in the user's config.toml; `--dangerously-bypass-hook-trust` would also run every untrusted hook of
// the project. Its TUI notifications (tui.notifications, sent as OSC 9) carry the last message's free text for a
// finished turn, which cannot be told from a question; its title gives the approval and the working spinner.

import { channelWord, cleanText, type ChannelReport, type ChannelState } from './channelReport.js';

const MAX_NOTIFY_TEXT_CHARS = 300;

/** What the server makes of a turn-complete's `detail` once it has compared the thread with the pane's conversation. */
export const CODEX_MAIN_THREAD = 'main-thread';
export const CODEX_SIDE_THREAD = 'side-thread';

/** User args that set the same key: then the user's own choice stands and tessera reads the screen and title only. */
export const CODEX_SIGNAL_CONFLICTS: readonly RegExp[] = [/^(--config=)?notify\s*=/];

/** `-c` flags that make codex run `argv` at each turn's end. */
export function codexSignalArgs(argv: readonly string[]): string[] {
  const array = `[${argv.map((arg) => JSON.stringify(arg)).join(', ')}]`;
  return ['-c', `notify=${array}`];
}

/** The report in the JSON codex passes as the notify program's last argument; `detail` is its thread id. */
export function readCodexNotify(payload: unknown): ChannelReport | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const fields = payload as Record<string, unknown>;
  const event = channelWord(fields.type);
  if (event === undefined || event === 'title') return undefined;
  const thread = channelWord(fields['thread-id']);
  const text = cleanText(fields['last-assistant-message'], MAX_NOTIFY_TEXT_CHARS);
  return { source: 'codex', event, ...(thread === undefined ? {} : { detail: thread }), ...(text === undefined ? {} : { text }) };
}

/** Idle when a turn of the pane's own conversation completed; anything else is only noted. */
export function codexNotifyState(report: ChannelReport): ChannelState | undefined {
  if (report.event === 'agent-turn-complete' && report.detail === CODEX_MAIN_THREAD) {
    return { state: 'idle', label: `notify agent-turn-complete ${CODEX_MAIN_THREAD}` };
  }
  return undefined;
}
