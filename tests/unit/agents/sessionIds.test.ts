// Agent conversations: tessera's own id for new claude and gemini sessions, and reading each CLI's session files back.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { agentArgs } from '../../../src/agents/launch/agentArgs.js';
import { claudeSessions } from '../../../src/agents/session/claude.js';
import { codexSessions } from '../../../src/agents/session/codex.js';
import { geminiSessions } from '../../../src/agents/session/gemini.js';
import { opencodeSessions } from '../../../src/agents/session/opencode.js';

const ID = '3f2a9c1e-0000-4000-8000-000000000001';
const OTHER = '3f2a9c1e-0000-4000-8000-000000000002';

describe('a new conversation gets our own id', () => {
  test('claude and gemini get --session-id; codex and opencode have no such flag', () => {
    expect(agentArgs('claude', { newSessionId: ID })).toEqual({ ok: true, args: ['--session-id', ID] });
    expect(agentArgs('gemini', { newSessionId: ID })).toEqual({ ok: true, args: ['--session-id', ID] });
    expect(agentArgs('codex', { newSessionId: ID })).toEqual({ ok: true, args: [] });
    expect(agentArgs('opencode', { newSessionId: ID })).toEqual({ ok: true, args: [] });
  });

  test('left out when a resume or the user args pick the session', () => {
    expect(agentArgs('claude', { newSessionId: ID, resume: { sessionId: OTHER } })).toEqual({ ok: true, args: ['--resume', OTHER] });
    expect(agentArgs('claude', { newSessionId: ID, args: ['--continue'] })).toEqual({ ok: true, args: ['--continue'] });
    expect(agentArgs('gemini', { newSessionId: ID, args: ['-r', 'latest'] })).toEqual({ ok: true, args: ['-r', 'latest'] });
  });
});

describe('reading the session back from the CLI files', () => {
  let root: string;
  let cwd: string;
  const startedAt = Date.now() - 5_000;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-sessions-'));
    cwd = path.join(root, 'my.project');
    fs.mkdirSync(cwd);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const write = (file: string, text: string, mtime = Date.now()): void => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    fs.utimesSync(file, mtime / 1000, mtime / 1000);
  };

  test('claude: the newest conversation of the folder since the pane started, not one another pane holds', async () => {
    const dir = path.join(root, 'cfg', 'projects', cwd.replace(/[^a-zA-Z0-9]/g, '-'));
    const env = { CLAUDE_CONFIG_DIR: path.join(root, 'cfg'), HOME: root };
    write(path.join(dir, `${ID}.jsonl`), '{}\n', Date.now() - 2000);
    write(path.join(dir, `${OTHER}.jsonl`), '{}\n', Date.now());
    write(path.join(dir, '3f2a9c1e-0000-4000-8000-000000000003.jsonl'), '{}\n', startedAt - 60_000); // older than the pane
    const lookup = { cwd, startedAt, pids: [], env, claimed: new Set<string>() };
    expect(await claudeSessions.current(lookup)).toBe(OTHER); // after /clear: the newer file
    expect(await claudeSessions.current({ ...lookup, claimed: new Set([OTHER]) })).toBe(ID);
    expect(await claudeSessions.exists(ID, lookup)).toBe(true);
    expect(await claudeSessions.exists('3f2a9c1e-0000-4000-8000-00000000000f', lookup)).toBe(false);
  });

  test('gemini: the file whose first line names this folder (by hash) and the session id', async () => {
    const env = { GEMINI_CLI_HOME: root, HOME: root };
    const hash = (await import('node:crypto')).createHash('sha256').update(cwd).digest('hex');
    write(path.join(root, '.gemini', 'tmp', 'my.project', 'chats', `session-2026-12-01T04-14-${ID.slice(0, 8)}.jsonl`), `${JSON.stringify({ sessionId: ID, projectHash: hash })}\n{}\n`);
    write(path.join(root, '.gemini', 'tmp', 'elsewhere', 'chats', `session-2026-12-01T04-15-${OTHER.slice(0, 8)}.jsonl`), `${JSON.stringify({ sessionId: OTHER, projectHash: 'x' })}\n`);
    const lookup = { cwd, startedAt, pids: [], env, claimed: new Set<string>() };
    expect(await geminiSessions.current(lookup)).toBe(ID);
    expect(await geminiSessions.exists(ID, lookup)).toBe(true);
    expect(await geminiSessions.exists(OTHER.replace('2', '9'), lookup)).toBe(false);
  });

  test('codex: without a live process, the newest rollout started in this folder', async () => {
    const env = { CODEX_HOME: path.join(root, 'codex'), HOME: root };
    const d = new Date();
    const day = path.join(root, 'codex', 'sessions', String(d.getFullYear()), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0'));
    const meta = (id: string, dir: string) => `${JSON.stringify({ type: 'session_meta', payload: { id, cwd: dir } })}\n`;
    const codexId = '01a22fcd-fc4c-7552-9953-fb8670a275e2';
    const otherId = '01a22fcd-fc4c-7552-9953-fb8670a275e3';
    write(path.join(day, `rollout-2026-12-01T04-12-38-${codexId}.jsonl`), meta(codexId, cwd), Date.now() - 1000);
    write(path.join(day, `rollout-2026-12-01T04-12-39-${otherId}.jsonl`), meta(otherId, '/somewhere/else'), Date.now());
    const lookup = { cwd, startedAt, pids: [], env, claimed: new Set<string>() };
    expect(await codexSessions.current(lookup)).toBe(codexId);
    expect(await codexSessions.exists(otherId, lookup)).toBe(true);
    expect(await codexSessions.exists('01a22fcd-fc4c-7552-9953-fb8670a27500', lookup)).toBe(false);
  });

  test('opencode: asks its own session list; a list it cannot give keeps the conversation (resumed, not dropped)', async () => {
    // A stand-in for opencode's `session list --format json`: the list from a file, or a failure when there is none.
    const list = path.join(root, 'list.json');
    const program = path.join(root, 'opencode');
    fs.writeFileSync(program, `#!/bin/sh\n[ -f '${list}' ] || { echo 'database is locked' >&2; exit 1; }\ncat '${list}'\n`, { mode: 0o755 });
    const session = (id: string, directory: string, updated: number) => ({ id, directory, updated, created: updated });
    fs.writeFileSync(list, JSON.stringify([session('ses_new', cwd, Date.now()), session('ses_old', cwd, startedAt - 60_000), session('ses_there', '/elsewhere', Date.now())]));
    const lookup = { cwd, startedAt, pids: [], env: { HOME: root, PATH: process.env.PATH ?? '' }, claimed: new Set<string>(), program };
    expect(await opencodeSessions.current(lookup)).toBe('ses_new');
    expect(await opencodeSessions.exists('ses_old', lookup)).toBe(true);
    expect(await opencodeSessions.exists('ses_gone', lookup)).toBe(false);

    fs.rmSync(list);
    expect(await opencodeSessions.current(lookup)).toBeUndefined();
    expect(await opencodeSessions.exists('ses_old', lookup)).toBe(true);
  });
});
