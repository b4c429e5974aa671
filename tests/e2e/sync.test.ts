// Synchronized input through the real binary: marked panes show SYNC and all get what is typed into
// one of them, each encoded for its own modes; unmarking stops it.

import { describe, expect, it } from 'vitest';
import { useAttachedClient } from '../helpers/attached.js';
import { eventually } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c';
const attached = useAttachedClient();

describe('synchronized input', () => {
  it('sends what is typed to every marked pane, each in its own key encoding', async () => {
    const { t, s } = await attached();
    // Pane 2 runs cat in the normal cursor-key mode (arrows as ESC [ A); pane 3 asks for
    // application cursor keys (ESC O A). The terminal echoes what each gets, ESC shown as ^[.
    const second = (await s.cliOk(['split', '--right', '--', 'cat', '-v'])).trim();
    const third = (await s.cliOk(['split', '-t', second, '--down', '-d', '--', 'sh', '-c', "printf '\\033[?1h'; exec cat -v"])).trim();
    await eventually(() => s.listPanes(), (p) => p.length === 3 && p.every((pane) => pane.status !== 'starting'));
    await s.cliOk(['sync', '-t', second, '--on']);
    expect((await s.cliOk(['sync', '-t', third, '--on'])).trim()).toMatch(new RegExp(`^synchronized input in workspace \\S+: panes ${second}, ${third}$`));
    await t.waitFor(() => (t.text().match(/SYNC/g) ?? []).length === 2);
    t.write('hello-both');
    t.write('\x1b[A');
    const shows = async (pane: string, text: string) => eventually(() => s.capturePane(pane), (screen) => screen.includes(text));
    await shows(second, 'hello-both^[[A');
    await shows(third, 'hello-both^[OA');
    expect(await s.cliOk(['capture-pane', '-t', '1'])).not.toContain('hello-both');
    expect(JSON.parse(await s.cliOk(['list-panes', '--json'])).map((p: { synced: boolean }) => p.synced)).toEqual([false, true, true]);
  });

  it('marks and unmarks the focused pane with the prefix and S; unmarked panes get their own keys only', async () => {
    const { t, s } = await attached();
    t.write(`${PREFIX}%`);
    await eventually(() => s.listPanes(), (p) => p.length === 2);
    await t.waitFor(() => (t.text().match(/tsh\$/g) ?? []).length === 2);
    t.write(`${PREFIX}S`);
    await t.waitFor(/pane 2 synchronized; mark another pane/);
    t.write(`${PREFIX}o`); // focus pane 1
    t.write(`${PREFIX}S`);
    await t.waitFor(/pane 1 synchronized; typing in any of panes 1, 2 goes to all/);
    t.write('echo twin-$((20+22))\r');
    await eventually(() => s.capturePane('2'), (screen) => /^twin-42$/m.test(screen));
    await eventually(() => s.capturePane('1'), (screen) => /^twin-42$/m.test(screen));
    t.write(`${PREFIX}S`); // unmark pane 1
    await t.waitFor(/pane 1 no longer synchronized/);
    t.write('echo alone-$((1+1))\r');
    await eventually(() => s.capturePane('1'), (screen) => /^alone-2$/m.test(screen));
    expect(await s.cliOk(['capture-pane', '-t', '2'])).not.toContain('alone');
    expect((await s.cliOk(['sync', '--show'])).trim()).toMatch(/^synchronized input in workspace \S+: panes 2$/);
    expect((await s.cliOk(['sync', '--none'])).trim()).toMatch(/^synchronized input is off in workspace \S+$/);
    const bad = await s.cli(['sync', '--on', '--off']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/sync takes one of/);
  });
});
