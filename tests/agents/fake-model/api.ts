// The contract every API shape of the fake model implements.

import type { ServerResponse } from 'node:http';
import type { Reply, Turn } from './script.js';

export type ApiName = 'anthropic' | 'responses' | 'chat' | 'gemini';

/** Hands out ids unique within one server (call ids, message ids). */
export type NextId = (prefix: string) => string;

export interface ApiShape {
  name: ApiName;
  /** Whether this shape serves a request for `pathname` (query string already removed). */
  matches(pathname: string): boolean;
  readTurn(body: unknown): Turn;
  /** Whether the client asked for a streamed answer. */
  streams(body: unknown, url: URL): boolean;
  write(res: ServerResponse, reply: Reply, nextId: NextId, streaming: boolean): void;
}
