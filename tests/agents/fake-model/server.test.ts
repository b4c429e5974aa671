// The fake model answers each API in the shape its CLI expects: a tool call for `make marker N`, then "Done.".

import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { isRecord, records, type JsonRecord } from './json.js';
import { startFakeModel, type FakeModel } from './server.js';

const MARKER_DIR = '/tmp/markers';
let server: FakeModel;

beforeEach(async () => {
  server = await startFakeModel({ markerDir: MARKER_DIR });
});
afterEach(async () => {
  await server.dispose();
});

async function post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
}

/** The JSON payloads of an SSE stream, with the `event:` name when there is one. */
async function events(response: Response): Promise<{ event?: string; data: JsonRecord }[]> {
  const raw = await response.text();
  return raw.split('\n\n').filter((block) => block.includes('data: ') && !block.includes('[DONE]')).map((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown;
    return { ...(event === undefined ? {} : { event }), data: isRecord(data) ? data : {} };
  });
}

const TOOL = [{ name: 'shell' }];

describe('Anthropic Messages', () => {
  test('answers `make marker N` with a streamed Bash tool call', async () => {
    const stream = await events(await post('/v1/messages?beta=true', { stream: true, tools: TOOL, messages: [{ role: 'user', content: [{ type: 'text', text: 'please make marker 7' }] }] }));
    expect(stream.map((e) => e.event)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    expect(stream[1].data.content_block).toMatchObject({ type: 'tool_use', name: 'Bash', input: {} });
    const delta = stream[2].data.delta as JsonRecord;
    expect(JSON.parse(String(delta.partial_json))).toMatchObject({ command: `touch ${MARKER_DIR}/marker-7` });
    expect(stream[4].data.delta).toMatchObject({ stop_reason: 'tool_use' });
  });

  test('says "Done." after the tool result, but a prompt merged into that message wins', async () => {
    const toolResult = { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' };
    const done = await events(await post('/v1/messages', { stream: true, tools: TOOL, messages: [{ role: 'user', content: [toolResult, { type: 'text', text: '<system-reminder>x</system-reminder>' }] }] }));
    expect(done[2].data.delta).toEqual({ type: 'text_delta', text: 'Done.' });
    const next = await events(await post('/v1/messages', { stream: true, tools: TOOL, messages: [{ role: 'user', content: [toolResult, { type: 'text', text: 'make marker 2' }] }] }));
    expect(next[1].data.content_block).toMatchObject({ type: 'tool_use' });
  });

  test('gives side requests without tools plain text, unstreamed when asked', async () => {
    const response = await post('/v1/messages', { messages: [{ role: 'user', content: 'make marker 1' }] });
    expect(await response.json()).toMatchObject({ content: [{ type: 'text' }], stop_reason: 'end_turn' });
  });
});

describe('OpenAI Responses', () => {
  test('asks for an escalated exec_command, then answers with a message', async () => {
    const prompt = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'make marker 3' }] };
    const context = { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>…</environment_context>' }] };
    const call = await events(await post('/v1/responses', { stream: true, tools: TOOL, input: [prompt, context] }));
    expect(call.map((e) => e.event)).toEqual(['response.created', 'response.output_item.added', 'response.output_item.done', 'response.completed']);
    const item = call[2].data.item as JsonRecord;
    expect(item).toMatchObject({ type: 'function_call', name: 'exec_command' });
    expect(JSON.parse(String(item.arguments))).toMatchObject({ cmd: `touch ${MARKER_DIR}/marker-3`, sandbox_permissions: 'require_escalated' });

    const output = { type: 'function_call_output', call_id: item.call_id, output: 'ok' };
    const done = await events(await post('/v1/responses', { stream: true, tools: TOOL, input: [prompt, item, output] }));
    expect(done.at(-2)?.data.item).toMatchObject({ type: 'message', content: [{ type: 'output_text', text: 'Done.' }] });
    expect(done.at(-1)?.data.response).toMatchObject({ usage: { total_tokens: 15 } });
  });
});

describe('OpenAI chat completions', () => {
  test('streams a bash tool call, then "Done." after the tool message', async () => {
    const user = { role: 'user', content: [{ type: 'text', text: 'make marker 4' }] };
    const call = await events(await post('/v1/chat/completions', { stream: true, tools: TOOL, messages: [{ role: 'system', content: 'x' }, user] }));
    const toolCall = records((records(call[0].data.choices)[0].delta as JsonRecord).tool_calls)[0];
    expect(toolCall).toMatchObject({ index: 0, type: 'function', function: { name: 'bash' } });
    expect(JSON.parse(String((toolCall.function as JsonRecord).arguments))).toMatchObject({ command: `touch ${MARKER_DIR}/marker-4` });
    expect(records(call[1].data.choices)[0].finish_reason).toBe('tool_calls');

    const done = await events(await post('/v1/chat/completions', { stream: true, tools: TOOL, messages: [user, { role: 'tool', tool_call_id: 'c', content: '' }] }));
    expect(records(done[0].data.choices)[0].delta).toMatchObject({ content: 'Done.' });
  });
});

describe('Gemini', () => {
  test('streams a run_shell_command call, then "Done." after the function response', async () => {
    const path = '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse';
    const tools = [{ functionDeclarations: TOOL }];
    const user = { role: 'user', parts: [{ text: 'make marker 5' }] };
    const [call] = await events(await post(path, { tools, contents: [user] }));
    expect(call.data).toMatchObject({ candidates: [{ content: { parts: [{ functionCall: { name: 'run_shell_command', args: { command: `touch ${MARKER_DIR}/marker-5` } } }] }, finishReason: 'STOP' }] });

    const response = { role: 'user', parts: [{ functionResponse: { name: 'run_shell_command', response: {} } }] };
    const [done] = await events(await post(path, { tools, contents: [user, { role: 'model', parts: [] }, response] }));
    expect(done.data).toMatchObject({ candidates: [{ content: { parts: [{ text: 'Done.' }] } }] });
  });
});

describe('slow mode and the request log', () => {
  test('holds main turns, and notes a client that hung up', async () => {
    server.setDelay(60_000);
    const hangUp = new AbortController();
    const pending = post('/v1/chat/completions', { stream: true, tools: TOOL, messages: [{ role: 'user', content: 'make marker 6' }] }, hangUp.signal);
    // A side request is never delayed, so it also proves the server is still answering.
    const side = await post('/v1/chat/completions', { messages: [{ role: 'user', content: 'title?' }] });
    expect(side.status).toBe(200);
    hangUp.abort();
    await expect(pending).rejects.toThrow();
    await expect.poll(() => server.requests.find((r) => r.turn?.prompt === 'make marker 6')?.abandoned, { timeout: 2000 }).toBe(true);
  });

  test('logs unknown paths and answers them 404', async () => {
    const response = await post('/v2/nothing', {});
    expect(response.status).toBe(404);
    expect(server.requests).toMatchObject([{ api: 'other', path: '/v2/nothing' }]);
  });
});
