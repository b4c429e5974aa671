// OpenAI chat completions API (`POST /v1/chat/completions`), as opencode's openai-compatible provider calls it.

import type { ServerResponse } from 'node:http';
import type { ApiShape, NextId } from './api.js';
import { isRecord, offersTools, records, text } from './json.js';
import type { Reply, Turn } from './script.js';
import { sendEvent, sendJson, startSse } from './sse.js';

const MODEL = 'fake-model';

function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  return records(content).map((part) => text(part.text)).filter((t): t is string => t !== undefined).at(-1);
}

function readTurn(body: unknown): Turn {
  const request = isRecord(body) ? body : {};
  const messages = records(request.messages);
  const lastUser = messages.filter((m) => m.role === 'user').at(-1);
  return {
    toolsOffered: offersTools(request.tools),
    endsWithToolResult: messages.at(-1)?.role === 'tool',
    prompt: lastUser === undefined ? undefined : contentText(lastUser.content),
  };
}

function write(res: ServerResponse, reply: Reply, nextId: NextId, streaming: boolean): void {
  const id = nextId('chatcmpl-');
  const created = Math.floor(Date.now() / 1000);
  const base = { id, object: 'chat.completion.chunk', created, model: MODEL };
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  const finish = reply.kind === 'tool' ? 'tool_calls' : 'stop';
  const toolCall = reply.kind === 'tool'
    ? { id: nextId('call_'), type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command: reply.command, description: reply.description }) } }
    : undefined;
  if (!streaming) {
    const message = toolCall === undefined
      ? { role: 'assistant', content: reply.kind === 'text' ? reply.text : '' }
      : { role: 'assistant', content: null, tool_calls: [toolCall] };
    sendJson(res, 200, { id, object: 'chat.completion', created, model: MODEL, choices: [{ index: 0, message, finish_reason: finish }], usage });
    return;
  }
  startSse(res);
  const delta = toolCall === undefined
    ? { role: 'assistant', content: reply.kind === 'text' ? reply.text : '' }
    : { role: 'assistant', content: null, tool_calls: [{ index: 0, ...toolCall }] };
  sendEvent(res, { ...base, choices: [{ index: 0, delta, finish_reason: null }] });
  sendEvent(res, { ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
  sendEvent(res, { ...base, choices: [], usage });
  sendEvent(res, '[DONE]');
  res.end();
}

export const openaiChat: ApiShape = {
  name: 'chat',
  matches: (pathname) => pathname === '/v1/chat/completions',
  readTurn,
  streams: (body) => isRecord(body) && body.stream === true,
  write,
};
