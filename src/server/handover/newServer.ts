// The old side's view of the server it starts in an upgrade: the process (with the socket and every
// PTY inherited as descriptors), and its IPC channel, whose answers are checked like any input and
// waited for with a deadline. The process exiting, a `failed` answer, an answer that does not parse
// and a deadline passing all end the wait with the reason, for the user and the log.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { withHeldVariables } from '../../boot/heldEnv.js';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../limits.js';
import { TAKE_OVER_ARG, parseHandoverReply, type HandoverCommand, type HandoverMessage, type HandoverReply } from '../../protocol/handover.js';
import { lastWordsSince, logSize, serverLogPath } from '../../protocol/serverFiles.js';
import { MessageQueue } from './messageQueue.js';

/** The version to move to: a node binary and that version's server entry (dist/server/main.cjs). */
export interface HandoverTarget {
  node: string;
  entry: string;
}

type ReplyKind = HandoverReply['t'];

export class NewServer {
  readonly process: ChildProcess;
  private readonly replies = new MessageQueue<HandoverReply>();
  private forwarding = 0;
  /** Connections passed on so far. */
  passed = 0;
  private readonly forwarded = new Set<() => void>();

  /** Starts `target` on `socketPath`, inheriting `descriptors` from FIRST_HANDED_FD on. */
  constructor(
    private readonly socketPath: string,
    target: HandoverTarget,
    env: NodeJS.ProcessEnv,
    descriptors: number[],
  ) {
    // Until the new server opens its log, what it prints (a crash at start-up) lands in the file.
    const flags = fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW;
    const logFd = fs.openSync(serverLogPath(socketPath), flags, 0o600);
    // What it writes comes after this (and this server's own lines, interleaved).
    const logStart = logSize(socketPath);
    try {
      this.process = spawn(target.node, [...SERVER_NODE_FLAGS, target.entry, socketPath, TAKE_OVER_ARG], {
        detached: true,
        stdio: ['ignore', logFd, logFd, 'ipc', ...descriptors],
        env: { ...withHeldVariables(env), ...SERVER_ENV },
        cwd: path.parse(socketPath).root,
        serialization: 'json',
      });
    } finally {
      fs.closeSync(logFd);
    }
    this.process.on('message', (message: unknown) => {
      try {
        this.replies.push(parseHandoverReply(message));
      } catch (error) {
        this.replies.fail(`it said something unreadable (${(error as Error).message})`);
      }
    });
    this.process.on('error', (error: NodeJS.ErrnoException) => {
      // A message sent to a server that has just died fails (EPIPE) before its exit is seen: the exit says why it
      // died (its last log line), which is what the user needs; a server whose channel closed and lives on meets
      // the deadline of the answer it owes.
      if (this.process.pid !== undefined && (error.code === 'EPIPE' || error.code === 'ERR_IPC_CHANNEL_CLOSED')) return;
      this.replies.fail(`it could not be started (${error.message})`);
    });
    this.process.on('exit', (code, signal) => {
      const said = lastWordsSince(this.socketPath, logStart);
      this.replies.fail(`it exited (${signal ?? `status ${code}`})${said ? `: ${said}` : ''}`);
    });
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  send(message: HandoverMessage | HandoverCommand): void {
    if (this.process.connected) this.process.send(message);
  }

  /** The next answer, which must be of `kind`; rejects with the reason for anything else. */
  async next<K extends ReplyKind>(kind: K, timeoutMs: number): Promise<Extract<HandoverReply, { t: K }>> {
    const reply = await this.replies.next(timeoutMs, (seconds) => `it did not answer ${kind} within ${seconds} s`);
    if (reply.t === 'failed') throw new Error(reply.reason);
    if (reply.t !== kind) throw new Error(`it answered ${reply.t} where ${kind} was due`);
    return reply as Extract<HandoverReply, { t: K }>;
  }

  /** Passes a connection this server accepted to the new one (the socket goes with the message). */
  forward(socket: net.Socket): void {
    if (!this.process.connected) {
      socket.destroy();
      return;
    }
    this.forwarding++;
    this.passed++;
    this.process.send({ t: 'connection' } satisfies HandoverCommand, socket, () => {
      this.forwarding--;
      if (this.forwarding === 0) for (const done of [...this.forwarded]) done();
    });
  }

  /** Resolves once every connection passed on has reached the new server. */
  whenForwarded(): Promise<void> {
    if (this.forwarding === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.forwarded.delete(done);
        resolve();
      };
      this.forwarded.add(done);
    });
  }

  /** Ends it at once (it failed): it never touched a pane, so nothing of theirs goes with it. */
  kill(): void {
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill('SIGKILL');
  }

  /** The old server goes on alone after this: the new one outlives it. */
  letGo(): void {
    this.process.unref();
    this.process.channel?.unref();
  }
}
