// A link to another machine's server: ssh runs `tessera serve --stdio` there; the link waits for its
// greeting (whatever a login script printed before it is skipped, within bounds), refuses a bridge of
// another protocol before sending it anything, then asks for the server and hands the protocol stream
// to the command. Nothing here waits forever: ssh never prompts (BatchMode), the greeting has a
// deadline, and every line from the other side is bounded and checked.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Duplex } from 'node:stream';
import { HOST_HELLO_TIMEOUT_MS, MAX_BRIDGE_LINE_BYTES, MAX_BRIDGE_PREAMBLE_BYTES } from '../limits.js';
import { CommandError, NoServerError } from '../client/errors.js';
import { PROTOCOL_VERSION } from '../protocol/messages.js';
import { VERSION } from '../version.js';
import { BRIDGE_VERSION, HELLO_PREFIX, parseConnectReply, parseHello, type BridgeHello } from './bridgeWire.js';
import { BridgedStream } from './bridgedStream.js';
import { HostLinkError, oneLine } from './hostLinkError.js';
import { LineBuffer } from './lineBuffer.js';
import { sshInvocation, type HostTarget } from './sshCommand.js';
import { describeSshEnd, type SshEnd } from './sshFailure.js';
import { StderrTail } from './stderrTail.js';

export interface HostLink {
  readonly target: HostTarget;
  readonly hello: BridgeHello;
  /** Asks the bridge for the server (started first when `start`): the protocol stream. Once per link. */
  connect(start: boolean): Promise<Duplex>;
  /** Ends the link (and its ssh) when it was not handed over as a stream. */
  close(): void;
}

/** Starts ssh and waits for the bridge's greeting; throws HostLinkError saying why there is none. */
export function openHostLink(target: HostTarget): Promise<HostLink> {
  const { file, args } = sshInvocation(target, ['serve', '--stdio']);
  const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], env: target.env });
  const stderr = new StderrTail();
  child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk));
  // A write to an ssh that ended fails with EPIPE: the end itself is reported where it is awaited.
  child.stdin.on('error', () => {});
  const endOf = (code: number | null, signal: NodeJS.Signals | null): SshEnd => ({ code, signal, stderr: stderr.text() });
  const lines = new LineBuffer();

  return new Promise<HostLink>((resolve, reject) => {
    let preamble = 0;
    const fail = (error: HostLinkError) => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('close', onClose);
      kill(child);
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new HostLinkError(target.name, 'unreachable', `no answer within ${HOST_HELLO_TIMEOUT_MS / 1000} s`, `try 'ssh ${target.entry.ssh} ${target.entry.tessera} --version'`)),
      HOST_HELLO_TIMEOUT_MS,
    );
    const onClose = (code: number | null, signal: NodeJS.Signals | null) => fail(describeSshEnd(target, endOf(code, signal)));
    const onData = (chunk: Buffer) => {
      lines.feed(chunk);
      try {
        for (let line = lines.takeLine(MAX_BRIDGE_LINE_BYTES); line !== undefined; line = lines.takeLine(MAX_BRIDGE_LINE_BYTES)) {
          if (!line.startsWith(HELLO_PREFIX)) {
            preamble += line.length + 1;
            if (preamble > MAX_BRIDGE_PREAMBLE_BYTES) throw new Error(`more than ${MAX_BRIDGE_PREAMBLE_BYTES} bytes before tessera's greeting`);
            continue;
          }
          const hello = parseHello(line.slice(HELLO_PREFIX.length));
          clearTimeout(timer);
          child.stdout.off('data', onData);
          child.off('close', onClose);
          child.stdout.pause();
          const mismatch = checkVersions(target, hello);
          if (mismatch) return fail(mismatch);
          return resolve(linkOver(target, child, hello, lines, endOf));
        }
      } catch (error) {
        fail(new HostLinkError(target.name, 'not-tessera', `what answered is not tessera's bridge (${oneLine((error as Error).message)})`, `try 'ssh ${target.entry.ssh} ${target.entry.tessera} --version'`));
      }
    };
    child.once('error', (error) => fail(new HostLinkError(target.name, 'unreachable', `cannot run ${file}: ${error.message}`, "install OpenSSH's client, or set sshCommand to it")));
    child.stdout.on('data', onData);
    child.once('close', onClose);
  });
}

/** A bridge of another protocol (or handshake) is reported, never sent a message. */
function checkVersions(target: HostTarget, hello: BridgeHello): HostLinkError | undefined {
  if (hello.bridge === BRIDGE_VERSION && hello.protocol === PROTOCOL_VERSION) return undefined;
  return new HostLinkError(
    target.name,
    'version-mismatch',
    `it runs tessera ${hello.version} (protocol ${hello.protocol}), this is tessera ${VERSION} (protocol ${PROTOCOL_VERSION})`,
    `install tessera ${VERSION} on ${target.entry.ssh} (the same version on both sides): 'tessera host install ${target.name}'`,
  );
}

function linkOver(target: HostTarget, child: ChildProcessWithoutNullStreams, hello: BridgeHello, lines: LineBuffer, endOf: (code: number | null, signal: NodeJS.Signals | null) => SshEnd): HostLink {
  let used = false;
  return {
    target,
    hello,
    close: () => {
      if (!used) kill(child);
    },
    connect(start) {
      if (used) return Promise.reject(new Error('a host link is connected once'));
      used = true;
      return new Promise<Duplex>((resolve, reject) => {
        const done = (error?: Error) => {
          child.stdout.off('data', onData);
          child.off('close', onClose);
          if (error) {
            kill(child);
            reject(error);
          }
        };
        const onClose = (code: number | null, signal: NodeJS.Signals | null) => done(describeSshEnd(target, endOf(code, signal)));
        const onData = (chunk?: Buffer) => {
          if (chunk) lines.feed(chunk);
          let line: string | undefined;
          try {
            line = lines.takeLine(MAX_BRIDGE_LINE_BYTES);
            if (line === undefined) return;
            const reply = parseConnectReply(line);
            if (reply.t === 'refused') {
              return done(reply.noServer ? new NoServerError(`no server running on ${target.name} (-H ${target.name})`) : new CommandError(`${target.name}: ${reply.reason}`));
            }
          } catch (error) {
            return done(new HostLinkError(target.name, 'not-tessera', `its bridge answered something unreadable (${oneLine((error as Error).message)})`, 'the link was closed'));
          }
          done();
          child.stdout.pause();
          resolve(new BridgedStream(child, target.name, lines.takeRest(), endOf));
        };
        child.stdout.on('data', onData);
        child.once('close', onClose);
        child.stdin.write(`${JSON.stringify({ t: 'connect', start })}\n`);
        child.stdout.resume();
        onData(); // the answer may have come with the greeting's chunk
      });
    },
  };
}

function kill(child: ChildProcessWithoutNullStreams): void {
  child.stdin.destroy();
  child.stdout.destroy();
  child.stderr.destroy();
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}
