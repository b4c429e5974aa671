// The key help (prefix ?) drawn over the panes: every cell inside its border is its own, so nothing drawn
// underneath (a pane header's pill, a divider) shows through; on a narrow screen a long key list is cut
// before the descriptions are.

import { afterEach, describe, expect, it } from 'vitest';
import { InProcessServer } from '../harness/inProcessServer.js';
import { SHELL_PROMPT } from '../harness/programs.js';

const PREFIX = '\x1c';
let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** The help's rows between its top and bottom border, as [text inside the border]. */
function helpRows(screen: string): string[] {
  const lines = screen.split('\n');
  const top = lines.findIndex((l) => l.includes('╭'));
  const bottom = lines.findIndex((l, i) => i > top && l.includes('╰'));
  const left = lines[top].indexOf('╭');
  const right = lines[top].indexOf('╮');
  return lines.slice(top + 1, bottom).map((l) => l.slice(left + 1, right));
}

describe('the key help', () => {
  it('covers what is under it: pane headers and dividers do not show through beside its border', async () => {
    server = await InProcessServer.start();
    const client = server.attach({ cols: 120, rows: 35 });
    await client.waitFor(SHELL_PROMPT);
    await client.pressUntilPrompts(`${PREFIX}%`, 2, SHELL_PROMPT);
    await client.pressUntilPrompts(`${PREFIX}-`, 3, SHELL_PROMPT);
    client.press(`${PREFIX}?`);
    await client.waitFor(/Keys — press/);
    const rows = helpRows(client.text());
    expect(rows.length).toBeGreaterThan(10);
    // A pane header's pill ends right under the help's last column on one of these rows.
    for (const row of rows) expect([row.at(0), row.at(-1)], row).toEqual([' ', ' ']);
  });

  it('cuts a long key list before the descriptions on a narrow screen', async () => {
    server = await InProcessServer.start();
    const client = server.attach({ cols: 80, rows: 40 });
    await client.waitFor(SHELL_PROMPT);
    client.press(`${PREFIX}?`);
    await client.waitFor(/Keys — press/);
    const rows = helpRows(client.text());
    expect(rows.some((r) => r.includes('arrange the panes as the next preset'))).toBe(true);
    expect(rows.some((r) => r.includes('Shift+←/H') && r.includes('…'))).toBe(true);
  });
});
