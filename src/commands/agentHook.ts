// tessera agent-hook: what the agents tessera starts run from their own hooks (Claude Code's hooks, Codex's notify
// program). Reads the event's JSON (stdin, or Codex's last argument), sends one small report for its own pane, and
// always exits 0 at once, quietly: an agent must never wait on tessera, nor read a decision in its output. Tessera's
// opencode plugin sends the same request itself, from inside opencode.

import { HOOK_TIMEOUT_MS, MAX_HOOK_PAYLOAD_BYTES } from '../limits.js';
import { UsageError } from './argParser.js';
import { int, oneOf, optStr, str } from '../protocol/validate.js';
import { CHANNEL_SOURCES, MAX_CHANNEL_WORD, channelWord, type ChannelReport } from '../agents/signals/channelReport.js';
import { readClaudeHook } from '../agents/signals/claudeHooks.js';
import { readCodexNotify } from '../agents/signals/codexNotify.js';
import { InvalidInput } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { MAX_TOKEN_CHARS, paneToken } from './reportStatus.js';

export interface HookArgs {
  report: ChannelReport;
  token: string;
}

/** Longest report text accepted over the socket (the readers cut theirs shorter). */
const MAX_REPORT_TEXT_CHARS = 500;

const READERS: Record<string, (payload: unknown) => ChannelReport | undefined> = { claude: readClaudeHook, codex: readCodexNotify };

/** The report in an agent's hook payload (JSON text), or undefined when it is none tessera knows. */
export function readHookPayload(agent: string, text: string): ChannelReport | undefined {
  const reader = READERS[agent];
  if (reader === undefined || text.trim() === '') return undefined;
  try {
    return reader(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export const agentHook = defineCommand<HookArgs, null>({
  name: 'agent-hook',
  summary: "report an agent's hook event for its pane (run by the agents tessera starts)",
  usage: `tessera agent-hook claude|codex [JSON]

  Run by an agent that tessera started, never by hand: Claude Code's hooks (given with --settings)
  and Codex's notify program (given with -c notify=…) call it with the event's JSON on stdin or as
  the last argument. It sends the event to its own pane's server (proved by TESSERA_PANE_TOKEN),
  prints nothing, and exits 0 within ${HOOK_TIMEOUT_MS / 1000} s whatever happens.`,
  flags: [],
  maxPositionals: 2,
  fromCli() {
    throw new UsageError('tessera agent-hook reads its event itself');
  },
  parse: (fields) => ({ report: parseReport(fields.report), token: optStr(fields.token, 'token', MAX_TOKEN_CHARS) ?? '' }),
  async runCli(args, io, ask) {
    // Whatever happens (no server, a slow one, a bad payload), the agent's hook ends in time and succeeds.
    setTimeout(() => process.exit(0), HOOK_TIMEOUT_MS).unref();
    try {
      const [agent, argument] = args.positionals;
      const payload = argument ?? (await readStdin(MAX_HOOK_PAYLOAD_BYTES));
      const report = agent === undefined ? undefined : readHookPayload(agent, payload);
      if (report !== undefined) await ask({ report: { ...report, firedAt: Math.round(performance.timeOrigin) }, token: paneToken(io, 'tessera agent-hook') });
    } catch {
      // Nothing to say: the pane falls back to its screen rules.
    }
    return 0;
  },
});

function parseReport(value: unknown): ChannelReport {
  if (typeof value !== 'object' || value === null) throw new InvalidInput('report must be an object');
  const fields = value as Record<string, unknown>;
  const word = (v: unknown, what: string): string => {
    const w = channelWord(v);
    if (w === undefined) throw new InvalidInput(`${what} must be a word of at most ${MAX_CHANNEL_WORD} letters, digits, _ . : -`);
    return w;
  };
  const detail = fields.detail === undefined ? undefined : word(fields.detail, 'report.detail');
  const text = fields.text === undefined ? undefined : str(fields.text, 'report.text', MAX_REPORT_TEXT_CHARS);
  const firedAt = fields.firedAt === undefined ? undefined : int(fields.firedAt, 'report.firedAt', 0, Number.MAX_SAFE_INTEGER);
  const conversation = fields.conversation === undefined ? undefined : word(fields.conversation, 'report.conversation');
  // It becomes the agent's argument on a wake (`opencode --session ID`): never one that reads as a flag.
  if (conversation?.startsWith('-')) throw new InvalidInput('report.conversation must not start with -');
  return {
    source: oneOf(fields.source, 'report.source', CHANNEL_SOURCES),
    event: word(fields.event, 'report.event'),
    ...(detail === undefined ? {} : { detail }),
    ...(text === undefined ? {} : { text: text.replace(/[\x00-\x1f\x7f-\x9f]+/g, ' ') }),
    ...(firedAt === undefined ? {} : { firedAt }),
    ...(conversation === undefined ? {} : { conversation }),
  };
}

/** Stdin up to `limit` bytes ('' for a terminal, or when it is larger: a report is small, its payload need not be). */
function readStdin(limit: number): Promise<string> {
  const input = process.stdin;
  if (input.isTTY) return Promise.resolve('');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (text: string): void => {
      input.removeAllListeners('data');
      input.destroy();
      resolve(text);
    };
    input.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish('');
      else chunks.push(chunk);
    });
    input.on('end', () => finish(Buffer.concat(chunks).toString('utf8')));
    input.on('error', () => finish(''));
  });
}
