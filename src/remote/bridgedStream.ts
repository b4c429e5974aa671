// The socket protocol over an ssh child's stdin/stdout, as one stream: what the commands and the
// attached client already speak to a local socket. Every frame from the other machine is checked as
// it passes (tessera's types, the size limit), and an end that is not clean (ssh killed, the link cut,
// a message cut in half) is an error that names the host, never a silent close.

import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { Duplex } from 'node:stream';
import { FrameWatch } from './frameWatch.js';
import { HostLinkError } from './hostLinkError.js';
import type { SshEnd } from './sshFailure.js';

export class BridgedStream extends Duplex {
  private readonly watch = new FrameWatch();

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly host: string,
    early: Buffer,
    /** Why ssh ended, once it has (its stderr is collected by the link). */
    private readonly endOf: (code: number | null, signal: NodeJS.Signals | null) => SshEnd,
  ) {
    // As a socket: when the host's side ends, this side ends too (and 'close' comes), so a reader waiting
    // for an answer learns at once that none is coming.
    super({ allowHalfOpen: false });
    child.stdout.on('data', (chunk: Buffer) => this.fromHost(chunk));
    child.once('close', (code, signal) => this.ended(code, signal));
    if (early.length > 0) this.fromHost(early);
  }

  private fromHost(chunk: Buffer): void {
    if (this.destroyed) return;
    try {
      this.watch.check(chunk);
    } catch (error) {
      this.destroy(new HostLinkError(this.host, 'not-tessera', `sent something that is not tessera's protocol (${(error as Error).message})`, 'the link was closed'));
      return;
    }
    if (!this.push(chunk)) this.child.stdout.pause();
  }

  private ended(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.destroyed) return;
    const end = this.endOf(code, signal);
    if (this.watch.midFrame) {
      this.destroy(new HostLinkError(this.host, 'broken', 'the link closed in the middle of a message', 'the server there keeps running'));
    } else if (signal !== null || code !== 0) {
      const why = signal !== null ? `ssh was ended by ${signal}` : `ssh ended with status ${code}${end.stderr.trim() ? `: ${lastLine(end.stderr)}` : ''}`;
      this.destroy(new HostLinkError(this.host, 'broken', `the link broke (${why})`, 'the server there keeps running'));
    } else {
      this.push(null);
    }
  }

  override _read(): void {
    this.child.stdout.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    // Called back once ssh took it: a writer that waits for that is held back by a slow link.
    this.child.stdin.write(chunk, (error) => done(error === undefined || error === null ? null : linkGone(this.host)));
  }

  override _final(done: (error?: Error | null) => void): void {
    // ssh may have ended already (its stdin closed with it): then there is nothing left to end.
    if (this.child.stdin.destroyed || this.child.stdin.writableFinished) return done();
    this.child.stdin.end(() => done());
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    done(error);
  }
}

function linkGone(host: string): HostLinkError {
  return new HostLinkError(host, 'broken', 'the link closed', 'the server there keeps running');
}

function lastLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.replace(/[\x00-\x1f\x7f-\x9f]+/g, ' ').trim())
      .filter((line) => line !== '')
      .at(-1) ?? ''
  );
}
