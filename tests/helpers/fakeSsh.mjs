#!/usr/bin/env node
// Stands in for `ssh HOST tessera serve --stdio` in unit tests of the host link: what the "host"
// does is chosen by FAKE_SSH_MODE. It records its arguments and everything it reads (FAKE_SSH_RECORD).
import fs from 'node:fs';

const mode = process.env.FAKE_SSH_MODE ?? 'bridge';
const record = process.env.FAKE_SSH_RECORD;
if (record) fs.writeFileSync(`${record}.args`, JSON.stringify(process.argv.slice(2)));
const hello = (protocol) =>
  `tessera-bridge ${JSON.stringify({ bridge: 1, version: '9.9.9', protocol, cwd: '/home/far', hostname: 'far', socket: '/tmp/far/default' })}\n`;
const frame = (message) => {
  const payload = Buffer.from(JSON.stringify(message));
  const head = Buffer.alloc(5);
  head.writeUInt32BE(payload.length, 0);
  head.writeUInt8(1, 4);
  return Buffer.concat([head, payload]);
};

let input = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  input = Buffer.concat([input, chunk]);
  if (record) fs.appendFileSync(record, chunk);
  onInput();
});
process.stdin.on('end', () => process.exit(0));

let connected = false;
function onInput() {
  if (!connected) {
    const end = input.indexOf(10);
    if (end === -1) return;
    connected = true;
    input = input.subarray(end + 1);
    process.stdout.write('{"t":"ready"}\n');
  }
  while (input.length >= 5 && input.length >= 5 + input.readUInt32BE(0)) {
    const length = input.readUInt32BE(0);
    const message = JSON.parse(input.subarray(5, 5 + length).toString());
    input = input.subarray(5 + length);
    if (mode === 'host') {
      hostAnswer(message);
      continue;
    }
    const answer = frame({ t: 'response', id: message.id, ok: true, result: { command: message.command, cwd: message.cwd } });
    if (mode === 'close-clean') {
      process.exit(0);
    } else if (mode === 'cut-mid-frame') {
      process.stdout.write(answer.subarray(0, answer.length - 3), () => process.exit(0));
    } else if (mode === 'garbage') {
      process.stdout.write('HTTP/1.1 200 OK\r\n\r\n');
    } else process.stdout.write(answer);
  }
}

/**
 * 'host': a server with one open workspace, `alpha` (the answers a host link asks for); nothing waits,
 * or (FAKE_SSH_QUESTION) an agent in its pane 3 waits on one question.
 */
function hostAnswer(message) {
  if (message.t !== 'request') return; // the event stream: no event ever comes
  const asks = process.env.FAKE_SSH_QUESTION;
  const waiting = asks ? [{ id: '3fa9c2-17', workspace: 'alpha', pane: 3, agent: 'helper', askedAt: new Date().toISOString(), ageSeconds: 0, question: asks }] : [];
  const results = {
    ls: { workspaces: [{ name: 'alpha', path: '/home/far/alpha', state: 'open', needsYou: waiting.length }] },
    'list-panes': [{ workspace: 'alpha', status: asks ? 'approval' : 'idle', attention: false }],
    approvals: { waiting },
  };
  const known = Object.hasOwn(results, message.command);
  process.stdout.write(frame(known ? { t: 'response', id: message.id, ok: true, result: results[message.command] } : { t: 'response', id: message.id, ok: false, error: `unknown command '${message.command}'` }));
}

switch (mode) {
  case 'ssh-fails':
    process.stderr.write('Warning: something first\nme@far: Permission denied (publickey).\n');
    process.exit(255);
    break;
  case 'host-key':
    process.stderr.write('No ED25519 host key is known for far and you have requested strict checking.\nHost key verification failed.\n');
    process.exit(255);
    break;
  case 'not-found':
    process.stderr.write('bash: line 1: tessera: command not found\n');
    process.exit(127);
    break;
  case 'old-tessera':
    process.stderr.write("tessera: unknown command 'serve'\ntry 'tessera --help'\n");
    process.exit(1);
    break;
  case 'mismatch':
    process.stdout.write(hello(999));
    break;
  case 'noisy-login':
    process.stdout.write('Welcome to far!\r\nLast login: yesterday\n');
    process.stdout.write(hello(Number(process.env.FAKE_SSH_PROTOCOL)));
    break;
  case 'endless-banner':
    process.stdout.write(`${'banner line\n'.repeat(7000)}`);
    break;
  default:
    process.stdout.write(hello(Number(process.env.FAKE_SSH_PROTOCOL)));
}
