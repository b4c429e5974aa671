// Claude Code's hooks (checked against @anthropic-ai/claude-code 2.1.328): the per-run settings that make
// each hook call `tessera agent-hook claude`, what a hook's JSON payload says, and what it makes the state.

import { channelWord, cleanText, type ChannelReport, type ChannelState } from './channelReport.js';

/** Longest notification message or tool subject kept. */
const MAX_HOOK_TEXT_CHARS = 300;

/**
 * The hook events tessera listens to. Notification carries `notification_type` (`permission_prompt`,
 * `idle_prompt`, …); PermissionRequest runs as the permission dialog opens, with the tool and its input.
 */
export const CLAUDE_HOOK_EVENTS = ['Notification', 'PermissionRequest', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'StopFailure'] as const;

/** Seconds claude gives one hook before it gives up on it (the hook runs in the background anyway). */
const HOOK_TIMEOUT_S = 5;

/**
 * The JSON for `--settings`: every event runs `command` in the background (`async`), so a slow or missing
 * tessera never holds the agent up, and prints nothing, so it never takes a decision (a PermissionRequest or
 * PreToolUse hook's output could allow or deny).
 */
export function claudeHookSettings(command: string): string {
  const hook = { type: 'command', command, timeout: HOOK_TIMEOUT_S, async: true };
  const hooks = Object.fromEntries(CLAUDE_HOOK_EVENTS.map((event) => [event, [{ matcher: '', hooks: [hook] }]]));
  return JSON.stringify({ hooks });
}

/** The report in a hook's stdin payload, or undefined when it is not a hook event tessera knows. */
export function readClaudeHook(payload: unknown): ChannelReport | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const fields = payload as Record<string, unknown>;
  const event = channelWord(fields.hook_event_name);
  if (event === undefined || !(CLAUDE_HOOK_EVENTS as readonly string[]).includes(event)) return undefined;
  const detail = channelWord(fields.notification_type) ?? channelWord(fields.tool_name);
  const text = cleanText(fields.message, MAX_HOOK_TEXT_CHARS) ?? toolSubject(fields.tool_input);
  return { source: 'claude', event, ...(detail === undefined ? {} : { detail }), ...(text === undefined ? {} : { text }) };
}

/** What a tool acts on: Bash's command, a file tool's path, a fetch's URL. */
function toolSubject(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const fields = input as Record<string, unknown>;
  return cleanText(fields.command ?? fields.file_path ?? fields.url ?? fields.pattern, MAX_HOOK_TEXT_CHARS);
}

export function claudeHookState(report: ChannelReport): ChannelState | undefined {
  const label = `hook ${report.event}${report.detail === undefined ? '' : ` ${report.detail}`}`;
  switch (report.event) {
    case 'Notification':
      if (report.detail === 'permission_prompt') return { state: 'approval', label, question: report.text ?? 'Claude needs your permission' };
      if (report.detail === 'idle_prompt') return { state: 'idle', label };
      return undefined;
    case 'PermissionRequest': {
      const tool = report.detail ?? 'a tool';
      return { state: 'approval', label, question: report.text === undefined ? `Allow ${tool}?` : `Allow ${tool}? — ${report.text}` };
    }
    case 'UserPromptSubmit':
    case 'PreToolUse':
    case 'PostToolUse':
      return { state: 'running', label };
    case 'Stop':
      return { state: 'idle', label };
    case 'StopFailure':
      return { state: 'error', label };
    default:
      return undefined;
  }
}
