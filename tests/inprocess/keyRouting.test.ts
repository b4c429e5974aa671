// Key routing through the real server, in process: the prefix, splits, focus, zoom and where typed
// keys go. Scripted programs stand in for the panes' programs (see tests/harness/).

import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEY_REPEAT_MS } from '../../src/limits.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { SHELL_PROMPT } from '../harness/programs.js';

const PREFIX = '\x1c';
let server: InProcessServer | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await server?.stop();
  server = undefined;
});

interface PaneRow {
  id: number;
  focused: boolean;
  rect: { x: number; y: number; width: number; height: number } | null;
}

const panes = async (s: InProcessServer) => (await s.request('list-panes')) as PaneRow[];

describe('keys in an attached client', () => {
  it('go to the focused pane untouched, and the prefix splits: the new pane takes the focus and the keys', async () => {
    server = await InProcessServer.start();
    const client = server.attach();
    await client.waitFor(SHELL_PROMPT);
    client.press('echo one\r');
    await client.waitFor(/^one/m);
    const [first] = await panes(server);
    expect(server.program(first.id).input).toBe('echo one\r');

    client.press(`${PREFIX}%`);
    await client.waitFor(() => client.text().split(SHELL_PROMPT).length - 1 === 2, 'two prompts');
    const [left, right] = await panes(server);
    expect(right.focused).toBe(true);
    expect(right.rect!.x).toBeGreaterThan(left.rect!.x);
    client.press('echo two\r');
    await client.waitFor(/two\s*$/m);
    expect(server.program(right.id).input).toBe('echo two\r');
    expect(server.program(left.id).input).toBe('echo one\r'); // nothing more reached the other pane

    client.press(`${PREFIX}h`); // focus left
    await expectFocus(server, left.id);
    client.press('x');
    await client.waitFor(() => server!.program(left.id).input.endsWith('x'), 'the key in the left pane');
  });

  it('send the prefix itself to the pane when it is pressed twice', async () => {
    server = await InProcessServer.start();
    const client = server.attach();
    await client.waitFor(SHELL_PROMPT);
    const [pane] = await panes(server);
    client.press(`${PREFIX}${PREFIX}`);
    await client.waitFor(() => server!.program(pane.id).input === PREFIX, 'the prefix in the pane');
    expect(await panes(server)).toHaveLength(1);
  });

  it('move the focus with arrows, and back to the pane it came from across a split, as tmux does', async () => {
    server = await InProcessServer.start();
    const client = server.attach({ cols: 120, rows: 40 });
    await client.waitFor(SHELL_PROMPT);
    await client.pressUntilPrompts(`${PREFIX}%`, 2, SHELL_PROMPT);
    await client.pressUntilPrompts(`${PREFIX}-${PREFIX}-`, 4, SHELL_PROMPT);
    const focused = async () => (await panes(server!)).find((p) => p.focused)?.id;
    const lowest = await focused(); // the last of the three stacked on the right
    const [left] = await panes(server);
    client.press(`${PREFIX}\x1b[D`);
    await eventually(focused, (id) => id === left.id);
    client.press(`${PREFIX}\x1b[C`);
    await eventually(focused, (id) => id === lowest);
  });

  it('zoom the focused pane over the whole area and back', async () => {
    server = await InProcessServer.start();
    const client = server.attach({ cols: 80, rows: 24 });
    await client.waitFor(SHELL_PROMPT);
    client.press(`${PREFIX}-`);
    await client.waitFor(() => client.text().split(SHELL_PROMPT).length - 1 === 2, 'two prompts');
    const [top, bottom] = await panes(server);
    client.press(`${PREFIX}z`);
    const zoomed = await eventually(() => panes(server!), (rows) => rows.find((p) => p.id === bottom.id)?.rect?.height === top.rect!.height + bottom.rect!.height + 1);
    expect(zoomed.find((p) => p.id === top.id)?.rect).toBeNull();
    client.press(`${PREFIX}z`);
    await eventually(() => panes(server!), (rows) => rows.every((p) => p.rect !== null));
  });
});

describe('resize keys', () => {
  it('repeat without the prefix when pressed again within the repeat time, and are letters again after it', async () => {
    // Only the clock the repeat time is read from is played; timers run for real.
    vi.useFakeTimers({ toFake: ['performance'] });
    server = await InProcessServer.start();
    const client = server.attach();
    await client.waitFor(SHELL_PROMPT);
    client.press(`${PREFIX}%`);
    await client.waitFor(() => client.text().split(SHELL_PROMPT).length - 1 === 2, 'two prompts');
    client.press(`${PREFIX}h`);
    const [left, right] = await eventually(() => panes(server!), (rows) => rows[0].focused);
    client.press(`${PREFIX}LLL`); // one prefix, three resize keys: the border moves three steps of 2
    await eventually(() => panes(server!), (rows) => rows[0].rect?.width === left.rect!.width + 6);
    vi.advanceTimersByTime(KEY_REPEAT_MS + 1);
    client.press('L');
    await client.waitFor(() => server!.program(left.id).input.endsWith('L'), 'L typed into the pane');
    expect((await panes(server))[0].rect?.width).toBe(left.rect!.width + 6);
    expect(server.program(right.id).input).toBe('');
  });
});

async function expectFocus(s: InProcessServer, id: number): Promise<void> {
  await eventually(() => panes(s), (rows) => rows.find((p) => p.focused)?.id === id);
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
