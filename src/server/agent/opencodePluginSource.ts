// The text of the plugin tessera gives opencode (see src/agents/signals/opencodePlugin.ts). It runs inside opencode,
// sees every event of opencode's bus, follows the pending permissions and busy sessions (a subagent's session going
// idle while the main one works is not "idle"), and whenever what they add up to changes it sends one `agent-hook`
// request, for its own pane, straight to the tessera server the pane belongs to: no process to start, so the report
// is there within milliseconds even on a loaded machine, ahead of what the screen shows. Each report names the
// conversation of the turn (the session that went busy while no other was: a subagent's session only starts inside
// a busy one), so tessera knows which session to resume without starting \`opencode session list\` (seconds of CPU).

import { MAX_CHANNEL_WORD } from '../../agents/signals/channelReport.js';
import { MAX_OPENCODE_TEXT_CHARS } from '../../agents/signals/opencodeEvents.js';
import { agentHook } from '../../commands/agentHook.js';
import { HOOK_TIMEOUT_MS } from '../../limits.js';
import { FrameType } from '../../protocol/framing.js';

export function opencodePluginSource(): string {
  return `// Written by tessera. It runs inside opencode in a tessera pane (named by OPENCODE_CONFIG_CONTENT there, in no
// config file of yours) and tells tessera what opencode does: waits on a permission, works, is idle, failed. It sends
// only that, for its own pane, to the tessera server of that pane ($TESSERA), proved by the pane's TESSERA_PANE_TOKEN.
// tessera writes this file again whenever it differs.
import net from 'node:net';

const COMMAND = ${JSON.stringify(agentHook.name)};
const JSON_FRAME = ${FrameType.Json};
const GIVE_UP_MS = ${HOOK_TIMEOUT_MS};
const MAX_TEXT = ${MAX_OPENCODE_TEXT_CHARS};
const WORD = /^[A-Za-z0-9_.:-]{1,${MAX_CHANNEL_WORD}}$/;
/** What opencode reports when the user interrupts a turn (Esc Esc): an interruption, not a failure. */
const ABORTED = 'MessageAbortedError';

const word = (value) => (typeof value === 'string' && WORD.test(value) ? value : undefined);
const text = (value) =>
  typeof value === 'string' ? value.replace(/[\\u0000-\\u001f\\u007f-\\u009f]+/g, ' ').trim().slice(0, MAX_TEXT) || undefined : undefined;

/** One request on its own connection: whether tessera answered it; whatever happens, over within GIVE_UP_MS and never thrown at opencode. */
function send(report) {
  return new Promise((resolve) => {
    let socket;
    const finish = (answered) => {
      clearTimeout(timer);
      socket?.destroy();
      resolve(answered === true);
    };
    const timer = setTimeout(finish, GIVE_UP_MS);
    try {
      const request = { t: 'request', id: 1, command: COMMAND, args: { report, token: process.env.TESSERA_PANE_TOKEN }, cwd: process.cwd(), callerPane: process.env.TESSERA_PANE };
      const body = Buffer.from(JSON.stringify(request), 'utf8');
      const head = Buffer.alloc(5);
      head.writeUInt32BE(body.length, 0);
      head.writeUInt8(JSON_FRAME, 4);
      socket = net.createConnection(process.env.TESSERA);
      socket.on('error', () => finish(false));
      socket.on('close', () => finish(false));
      socket.on('data', () => finish(true));
      socket.write(Buffer.concat([head, body]));
    } catch {
      finish(false);
    }
  });
}

export const TesseraPaneSignals = async () => {
  if (!process.env.TESSERA_PANE_TOKEN || !process.env.TESSERA) return {};
  const pending = new Map();
  const busy = new Set();
  let failed;
  // The session of the current (or last) turn: the one that went busy while no other was.
  let conversation;
  let shown = '';
  // Reports not sent yet, in order. When tessera does not answer one (a stopped or busy server: given up after
  // GIVE_UP_MS, or none there), what waited behind it may be past, so only the newest of those is sent: tessera is
  // never told a question or a turn that is over, and a stall holds no more than GIVE_UP_MS of reports here.
  let waiting = [];
  let sending = false;
  const pump = async () => {
    sending = true;
    while (waiting.length > 0) {
      if (!(await send(waiting.shift()))) waiting = waiting.slice(-1);
    }
    sending = false;
  };

  // One report at a time, in order, and only when the state (or the question) changes.
  const report = (state, event, fields = {}) => {
    const key = state + '\\n' + (fields.text ?? '') + '\\n' + (conversation ?? '');
    if (key === shown) return;
    shown = key;
    const sent = { source: 'opencode', event, firedAt: Date.now() };
    // tessera refuses an id that reads as a flag (with the whole report): such a one is left out.
    if (word(conversation) !== undefined && !conversation.startsWith('-')) sent.conversation = conversation;
    const detail = word(fields.detail);
    if (detail !== undefined) sent.detail = detail;
    const said = text(fields.text);
    if (said !== undefined) sent.text = said;
    waiting.push(sent);
    if (!sending) void pump();
  };

  const settle = (cause, reply) => {
    const asking = [...pending.values()].at(-1);
    if (asking !== undefined) return report('approval', 'permission.asked', { detail: asking.permission, text: asking.command });
    if (busy.size > 0) {
      // A rejection ends the turn: wait for its idle rather than show the turn going on.
      if (cause === 'permission.replied') return reply === 'reject' ? undefined : report('running', cause, { detail: reply });
      return report('running', 'session.busy');
    }
    if (failed !== undefined) return report('error', 'session.error', { detail: failed.name, text: failed.data?.message });
    return report('idle', 'session.idle');
  };

  return {
    event: async ({ event }) => {
      try {
        const p = event.properties ?? {};
        switch (event.type) {
          case 'permission.asked':
            pending.set(p.id, { permission: p.permission, command: p.metadata?.command ?? p.patterns?.[0] });
            break;
          case 'permission.replied':
            pending.delete(p.requestID ?? p.permissionID ?? p.id);
            break;
          case 'session.status':
            if (p.status?.type === 'idle') busy.delete(p.sessionID);
            else {
              if (busy.size === 0) conversation = p.sessionID;
              busy.add(p.sessionID);
              failed = undefined;
            }
            break;
          case 'session.idle':
            busy.delete(p.sessionID);
            break;
          case 'session.error':
            if (p.error?.name !== ABORTED) failed = p.error ?? { name: 'UnknownError' };
            break;
          default:
            return;
        }
        settle(event.type, p.reply);
      } catch {
        // Never in opencode's way: the pane falls back to its screen.
      }
    },
  };
};
`;
}
