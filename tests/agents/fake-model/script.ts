// What the fake model says next: a pure decision from the last turn of a conversation.

import path from 'node:path';

/** The part of a request the script looks at, the same for every API shape. */
export interface Turn {
  /** False for side requests (titles, topics, checks): they get plain text. */
  toolsOffered: boolean;
  /** The newest thing in the conversation is the result of our tool call. */
  endsWithToolResult: boolean;
  /** The newest user-typed text, if the newest thing is a prompt. */
  prompt?: string;
}

export type Reply =
  | { kind: 'tool'; marker: number; command: string; description: string }
  | { kind: 'text'; text: string };

const MARKER_PROMPT = /make marker (\d+)/i;

export const DONE_TEXT = 'Done.';
export const SIDE_TEXT = 'Fake reply';
export const UNKNOWN_PROMPT_TEXT = 'I only know how to make markers.';

export function markerPath(markerDir: string, marker: number): string {
  return path.join(markerDir, `marker-${marker}`);
}

export function decideReply(turn: Turn, markerDir: string): Reply {
  if (!turn.toolsOffered) return { kind: 'text', text: SIDE_TEXT };
  if (turn.endsWithToolResult) return { kind: 'text', text: DONE_TEXT };
  const match = turn.prompt === undefined ? null : MARKER_PROMPT.exec(turn.prompt);
  if (match === null) return { kind: 'text', text: UNKNOWN_PROMPT_TEXT };
  const marker = Number(match[1]);
  return {
    kind: 'tool',
    marker,
    command: `touch ${markerPath(markerDir, marker)}`,
    description: `Create marker ${marker}`,
  };
}
