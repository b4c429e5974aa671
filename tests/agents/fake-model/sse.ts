// Writing Server-Sent Events and plain JSON answers.

import type { ServerResponse } from 'node:http';

export function startSse(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
}

/** One event; `event` is the optional `event:` line some APIs use next to `data:`. */
export function sendEvent(res: ServerResponse, data: unknown, event?: string): void {
  const head = event === undefined ? '' : `event: ${event}\n`;
  res.write(`${head}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
