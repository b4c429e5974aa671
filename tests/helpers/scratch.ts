// Throwaway directories and servers for unit tests, removed after each test.

import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** Registers the cleanup hook; `dir()` makes a private temp directory, `keep(server)` closes it afterwards. */
export function scratch(prefix: string): { dir(): string; keep(server: net.Server): net.Server } {
  const roots: string[] = [];
  const servers: net.Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });
  return {
    dir: () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      roots.push(root);
      return root;
    },
    keep: (server) => {
      servers.push(server);
      return server;
    },
  };
}
