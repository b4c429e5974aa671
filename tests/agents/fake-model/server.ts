// The fake model server: one local HTTP server speaking every API shape the agent CLIs use.

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { anthropicMessages } from './anthropic.js';
import type { ApiName, ApiShape } from './api.js';
import { gemini } from './gemini.js';
import { openaiChat } from './openaiChat.js';
import { openaiResponses } from './openaiResponses.js';
import { decideReply, type Reply, type Turn } from './script.js';
import { sendJson } from './sse.js';

const SHAPES: readonly ApiShape[] = [anthropicMessages, openaiResponses, openaiChat, gemini];

/** Token counts are asked for by some CLIs before a turn; any small number will do. */
const COUNTED_TOKENS = 10;

export interface LoggedRequest {
  api: ApiName | 'other';
  method: string;
  path: string;
  body: unknown;
  turn?: Turn;
  reply?: Reply;
  /** The client hung up before the answer was sent (an interrupted turn). */
  abandoned?: boolean;
}

export interface FakeModelOptions {
  /** Where `make marker N` tells the agent to `touch marker-N`. */
  markerDir: string;
  /** Delay before answering a main turn (side requests are never delayed). */
  delayMs?: number;
}

export interface FakeModel {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:40123`. */
  url: string;
  requests: readonly LoggedRequest[];
  /** Slow mode: hold main turns this long (0 turns it off), so the agent stays visibly busy. */
  setDelay(ms: number): void;
  dispose(): Promise<void>;
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function answerOther(res: http.ServerResponse, pathname: string): void {
  if (pathname === '/v1/messages/count_tokens') return sendJson(res, 200, { input_tokens: COUNTED_TOKENS });
  if (pathname.endsWith(':countTokens')) return sendJson(res, 200, { totalTokens: COUNTED_TOKENS });
  if (pathname === '/v1/models') return sendJson(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model' }] });
  sendJson(res, 404, { error: { type: 'not_found', message: `The fake model does not serve ${pathname}` } });
}

export async function startFakeModel(options: FakeModelOptions): Promise<FakeModel> {
  const requests: LoggedRequest[] = [];
  let delayMs = options.delayMs ?? 0;
  let counter = 0;
  const nextId = (prefix: string): string => `${prefix}fake${++counter}`;

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    const shape = req.method === 'POST' ? SHAPES.find((s) => s.matches(url.pathname)) : undefined;
    const entry: LoggedRequest = { api: shape?.name ?? 'other', method: req.method ?? '', path: url.pathname + url.search, body };
    requests.push(entry);
    if (shape === undefined) return answerOther(res, url.pathname);

    entry.turn = shape.readTurn(body);
    const reply = decideReply(entry.turn, options.markerDir);
    if (entry.turn.toolsOffered && delayMs > 0) {
      const hangUp = new AbortController();
      res.once('close', () => hangUp.abort());
      try {
        await sleep(delayMs, undefined, { signal: hangUp.signal });
      } catch {
        entry.abandoned = true;
        return;
      }
    }
    entry.reply = reply;
    shape.write(res, reply, nextId, shape.streams(body, url));
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
      else res.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setDelay: (ms) => {
      delayMs = ms;
    },
    dispose: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
