// A real git server over HTTP for e2e tests: git's own http-backend (smart HTTP, read-only) behind a
// Node HTTP server on 127.0.0.1, serving one bare repository at the URL's root (`http://host:port/`).
// Every request is kept, so a test can see what reached the server.

import { spawn, execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHttpServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  origin: string;
  /** The Authorization headers the server was sent (git sends one only when asked: never, here). */
  authorizations: string[];
  close(): Promise<void>;
}

export async function serveRepository(bareRepo: string): Promise<GitHttpServer> {
  const backend = execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim() + '/git-http-backend';
  const authorizations: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.headers.authorization !== undefined) authorizations.push(req.headers.authorization);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const cgi = spawn(backend, [], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: bareRepo,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_ADDR: '127.0.0.1',
      },
    });
    req.pipe(cgi.stdin);
    cgi.on('error', () => res.destroy());
    // CGI output: headers, a blank line, the body.
    let head = Buffer.alloc(0);
    let sentHead = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (sentHead) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else res.setHeader(name, value);
      }
      res.writeHead(status);
      sentHead = true;
      res.write(head.subarray(end + 4));
    });
    cgi.stdout.on('end', () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
