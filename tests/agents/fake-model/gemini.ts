// Gemini API (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse` and `:generateContent`), as Gemini CLI calls it.

import type { ServerResponse } from 'node:http';
import type { ApiShape } from './api.js';
import { isRecord, offersTools, records, text } from './json.js';
import type { Reply, Turn } from './script.js';
import { sendEvent, sendJson, startSse } from './sse.js';

const PATH = /^\/v1beta\/models\/[^/:]+:(streamGenerateContent|generateContent)$/;

function readTurn(body: unknown): Turn {
  const request = isRecord(body) ? body : {};
  const lastUser = records(request.contents).filter((c) => c.role === 'user').at(-1);
  const parts = records(lastUser?.parts);
  const declarations = records(request.tools).flatMap((tool) => records(tool.functionDeclarations));
  return {
    toolsOffered: offersTools(declarations),
    endsWithToolResult: parts.some((part) => isRecord(part.functionResponse)),
    prompt: parts.map((part) => text(part.text)).filter((t): t is string => t !== undefined).at(-1),
  };
}

function write(res: ServerResponse, reply: Reply, _nextId: unknown, streaming: boolean): void {
  const part = reply.kind === 'text'
    ? { text: reply.text }
    : { functionCall: { name: 'run_shell_command', args: { command: reply.command, description: reply.description } } };
  const chunk = {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: 'gemini-2.5-flash',
  };
  if (!streaming) {
    sendJson(res, 200, chunk);
    return;
  }
  startSse(res);
  sendEvent(res, chunk);
  res.end();
}

export const gemini: ApiShape = {
  name: 'gemini',
  matches: (pathname) => PATH.test(pathname),
  readTurn,
  streams: (_body, url) => url.pathname.endsWith(':streamGenerateContent'),
  write,
};
