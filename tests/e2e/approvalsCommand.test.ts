// `tessera approvals` and the answer log through the real binary: a custom agent (a shell script) asks, the
// question is listed with its id, answered with approve, and the answer is in `approvals --log` and in
// answers.jsonl under the server's state directory.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnswerLogEntry, WaitingQuestion } from '../../src/commands/approvals.js';
import { ASKING_AGENT, askingAgentSetting } from '../helpers/askingAgent.js';
import { TesseraSandbox, eventually, type PaneJson } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;

beforeEach(() => {
  sandbox = new TesseraSandbox();
  const bin = path.join(sandbox.root, 'helper-agent');
  fs.writeFileSync(bin, ASKING_AGENT, { mode: 0o755 });
  sandbox.writeSettings({
    customAgents: [askingAgentSetting(bin)],
  });
});

afterEach(async () => {
  await sandbox.cleanup();
});

const pane = async (id: number) => (await sandbox.listPanes()).find((p) => p.id === id) as PaneJson;

describe('tessera approvals', () => {
  it('without a server says so as every command does, starts none, and shows its help', async () => {
    const none = await sandbox.cli(['approvals', '--json']);
    expect(none).toMatchObject({ code: 1, stdout: '', stderr: `tessera: no server running (-L ${sandbox.socketName})\n` });
    expect((await sandbox.cli(['server-info'])).code).toBe(1);
    const help = await sandbox.cli(['approvals', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tessera approvals');
    expect((await sandbox.cli(['approvals', '--bogus'])).stderr).toContain('unknown option --bogus');
  });

  it('lists the waiting question with its id; approve answers it; --log prints the answer with its origin', async () => {
    const work = path.join(sandbox.root, 'work');
    fs.mkdirSync(work);
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', work]);
    const id = Number((await sandbox.cliOk(['new-pane', '--agent', 'helper'])).trim());
    await eventually(() => pane(id), (p) => p.status === 'idle');
    expect(JSON.parse(await sandbox.cliOk(['approvals', '--json']))).toEqual([]);
    expect(await sandbox.cliOk(['approvals'])).toBe('no question is waiting\n');

    await sandbox.cliOk(['send-keys', '-t', String(id), 'one', 'Enter']);
    const asking = await eventually(() => pane(id), (p) => p.status === 'approval' && p.questionId !== undefined);
    const [question, ...more] = JSON.parse(await sandbox.cliOk(['approvals', '--json'])) as WaitingQuestion[];
    expect(more).toEqual([]);
    expect(question).toMatchObject({ id: asking.questionId, workspace: 'w', pane: id, agent: 'helper', question: 'Allow this command? touch one (y/n)' });
    expect(await sandbox.cliOk(['approvals'])).toMatch(new RegExp(`^${question.id}  w:${id} \\(helper\\) \\d+s  Allow this command\\? touch one \\(y/n\\)\\n$`));

    await sandbox.cliOk(['approve', '-t', String(id), '--question', question.id]);
    await eventually(() => sandbox.capturePane(String(id)), (screen) => screen.includes('ran: one'));
    expect(JSON.parse(await sandbox.cliOk(['approvals', '--json']))).toEqual([]);

    const log = JSON.parse(await sandbox.cliOk(['approvals', '--log', '--json'])) as AnswerLogEntry[];
    expect(log).toEqual([
      {
        time: expect.any(String) as string,
        workspace: 'w',
        pane: id,
        agent: 'helper',
        questionId: question.id,
        question: 'Allow this command? touch one (y/n)',
        answer: 'allow',
        origin: 'command',
        client: 'tessera approve',
      },
    ]);
    const text = await sandbox.cliOk(['approvals', '--log']);
    expect(text).toContain(`allow w:${id} (helper) ${question.id}  from command, tessera approve  Allow this command? touch one (y/n)`);
    const file = path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName, 'answers.jsonl');
    expect(fs.readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as AnswerLogEntry)).toEqual(log);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
