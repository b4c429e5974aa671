// Anthropic Messages API (`POST /v1/messages`), as Claude Code calls it.

import type { ServerResponse } from 'node:http';
import type { ApiShape, NextId } from './api.js';
import { isRecord, offersTools, records, text } from './json.js';
import type { Reply, Turn } from './script.js';
import { sendEvent, sendJson, startSse } from './sse.js';

const MODEL = 'claude-fake';

/** Claude Code wraps context it adds itself in this tag; such text is not what the user typed. */
const isInjected = (value: string): boolean => value.trimStart().startsWith('<system-reminder>');

function readTurn(body: unknown): Turn {
  const request = isRecord(body) ? body : {};
  const lastUser = records(request.messages).filter((m) => m.role === 'user').at(-1);
  const content = lastUser?.content;
  const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : records(content);
  const prompts = blocks.map((b) => (b.type === 'text' ? text(b.text) : undefined)).filter((t): t is string => t !== undefined && !isInjected(t));
  // A new prompt can arrive in the same user message as the previous (denied) tool result: the prompt wins.
  return {
    toolsOffered: offersTools(request.tools),
    endsWithToolResult: prompts.length === 0 && blocks.some((b) => b.type === 'tool_result'),
    prompt: prompts.at(-1),
  };
}

function contentBlock(reply: Reply, nextId: NextId): Record<string, unknown> {
  if (reply.kind === 'text') return { type: 'text', text: reply.text };
  return { type: 'tool_use', id: nextId('toolu_'), name: 'Bash', input: { command: reply.command, description: reply.description } };
}

function write(res: ServerResponse, reply: Reply, nextId: NextId, streaming: boolean): void {
  const block = contentBlock(reply, nextId);
  const stopReason = reply.kind === 'tool' ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const message = { id: nextId('msg_'), type: 'message', role: 'assistant', model: MODEL, stop_sequence: null, usage };
  if (!streaming) {
    sendJson(res, 200, { ...message, content: [block], stop_reason: stopReason });
    return;
  }
  startSse(res);
  sendEvent(res, { type: 'message_start', message: { ...message, content: [], stop_reason: null } }, 'message_start');
  const start = block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} };
  sendEvent(res, { type: 'content_block_start', index: 0, content_block: start }, 'content_block_start');
  const delta = block.type === 'text' ? { type: 'text_delta', text: block.text } : { type: 'input_json_delta', partial_json: JSON.stringify(block.input) };
  sendEvent(res, { type: 'content_block_delta', index: 0, delta }, 'content_block_delta');
  sendEvent(res, { type: 'content_block_stop', index: 0 }, 'content_block_stop');
  sendEvent(res, { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } }, 'message_delta');
  sendEvent(res, { type: 'message_stop' }, 'message_stop');
  res.end();
}

export const anthropicMessages: ApiShape = {
  name: 'anthropic',
  matches: (pathname) => pathname === '/v1/messages',
  readTurn,
  streams: (body) => isRecord(body) && body.stream === true,
  write,
};
