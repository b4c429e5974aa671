// OpenAI Responses API (`POST /v1/responses`), as Codex calls it.

import type { ServerResponse } from 'node:http';
import type { ApiShape, NextId } from './api.js';
import { isRecord, offersTools, records, text } from './json.js';
import type { Reply, Turn } from './script.js';
import { sendEvent, sendJson, startSse } from './sse.js';

/** Codex sends its own context (environment, instructions) as user messages wrapped in a tag. */
const isInjected = (value: string): boolean => value.trimStart().startsWith('<');

function readTurn(body: unknown): Turn {
  const request = isRecord(body) ? body : {};
  const input = records(request.input);
  const last = input.at(-1);
  const userTexts = input
    .filter((item) => item.type === 'message' && item.role === 'user')
    .flatMap((item) => records(item.content).map((part) => text(part.text)))
    .filter((t): t is string => t !== undefined && !isInjected(t));
  return {
    toolsOffered: offersTools(request.tools),
    endsWithToolResult: last?.type === 'function_call_output',
    prompt: userTexts.at(-1),
  };
}

function outputItem(reply: Reply, nextId: NextId): Record<string, unknown> {
  if (reply.kind === 'text') {
    return { type: 'message', id: nextId('msg_'), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] };
  }
  // Escalation is what makes Codex ask under on-request + workspace-write: a plain touch would just run.
  const args = { cmd: reply.command, sandbox_permissions: 'require_escalated', justification: reply.description };
  return { type: 'function_call', id: nextId('fc_'), call_id: nextId('call_'), name: 'exec_command', arguments: JSON.stringify(args), status: 'completed' };
}

function write(res: ServerResponse, reply: Reply, nextId: NextId, streaming: boolean): void {
  const item = outputItem(reply, nextId);
  const id = nextId('resp_');
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
  if (!streaming) {
    sendJson(res, 200, { id, object: 'response', status: 'completed', output: [item], usage });
    return;
  }
  startSse(res);
  sendEvent(res, { type: 'response.created', response: { id, status: 'in_progress' } }, 'response.created');
  sendEvent(res, { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress' } }, 'response.output_item.added');
  if (reply.kind === 'text') {
    sendEvent(res, { type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta: reply.text }, 'response.output_text.delta');
  }
  sendEvent(res, { type: 'response.output_item.done', output_index: 0, item }, 'response.output_item.done');
  sendEvent(res, { type: 'response.completed', response: { id, status: 'completed', output: [item], usage } }, 'response.completed');
  res.end();
}

export const openaiResponses: ApiShape = {
  name: 'responses',
  matches: (pathname) => pathname === '/v1/responses',
  readTurn,
  streams: (body) => !isRecord(body) || body.stream !== false,
  write,
};
