// Settings applied while attached: the file is watched (and `tessera reload` applies it), a mistake
// is reported with its line and column while the old settings stay, key bindings can be changed and
// conflicts are refused.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAttachedClient } from '../helpers/attached.js';
import { eventually, type OuterTerminal, type TesseraSandbox } from '../helpers/outerTerminal.js';

const CTRL_BACKSLASH = '\x1c';
const CTRL_B = '\x02';
const attached = useAttachedClient();

const statusBar = (t: OuterTerminal) => t.lines()[t.term.rows - 1];
const configFile = (s: TesseraSandbox) => path.join(s.env.TESSERA_CONFIG_DIR, 'config.json');
const paneCount = async (s: TesseraSandbox, n: number) => eventually(() => s.listPanes(), (p) => p.length === n);

/** Saves the file the way many editors do: write a temporary file, then rename it over the old one. */
function saveByRename(s: TesseraSandbox, text: string): void {
  const temp = path.join(s.env.TESSERA_CONFIG_DIR, '.config.json.swp');
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, configFile(s));
}

describe('settings applied live', () => {
  it('applies a new prefix as soon as the file is saved, without a restart', async () => {
    const { t, s } = await attached();
    const pid = JSON.parse(await s.cliOk(['server-info', '--json'])).pid as number;
    s.writeSettings({ prefix: 'C-b' });
    await t.waitFor(() => /settings applied/.test(statusBar(t)));
    t.write('x'); // any key clears the message; the hints show the new prefix
    await t.waitFor(() => /C-b \? help/.test(statusBar(t)));
    t.write(`${CTRL_B}%`);
    await paneCount(s, 2);
    // The old prefix is an ordinary key again: it goes to the pane (whose terminal echoes it as ^\\), it does not split.
    t.write('stty -isig; echo isig-$((1+1))-off; cat -v\r');
    await t.waitFor('isig-2-off');
    t.write(`${CTRL_BACKSLASH}%\r`);
    await t.waitFor('^\\%');
    expect(await s.listPanes()).toHaveLength(2);
    expect(JSON.parse(await s.cliOk(['server-info', '--json'])).pid).toBe(pid);
  });

  it('sees a file replaced by rename (as editors save)', async () => {
    const { t, s } = await attached();
    saveByRename(s, JSON.stringify({ prefix: 'C-b' }, null, 2));
    await t.waitFor(() => /settings applied/.test(statusBar(t)));
    t.write(`${CTRL_B}%`);
    await paneCount(s, 2);
  });

  it('reports a mistake with its line and column, and keeps the old prefix working', async () => {
    const { t, s } = await attached();
    const text = `{\n  "scrollback": 100,\n  "prefix": "C-b",\n  "notify": "loud"\n}\n`;
    fs.writeFileSync(configFile(s), text);
    await t.waitFor(() => /settings not applied: config\.json:4:13: notify must be one of/.test(statusBar(t)));
    const reload = await s.cli(['reload']);
    expect(reload.code).toBe(1);
    expect(reload.stderr).toMatch(/settings not applied: config\.json:4:13: notify must be one of bell, osc9, osc777, osc99, none/);
    expect(reload.stderr).toMatch(/the previous settings stay in force/);
    fs.writeFileSync(configFile(s), '{\n  "prefix": "C-b"\n  "zoom": 1\n}\n');
    await t.waitFor(() => /config\.json:3:3: not valid JSON: comma expected/.test(statusBar(t)));
    t.write(`${CTRL_BACKSLASH}%`);
    await paneCount(s, 2);
    expect(fs.readFileSync(configFile(s), 'utf8')).toBe('{\n  "prefix": "C-b"\n  "zoom": 1\n}\n');
  });

  it('applies with `tessera reload` and says what it did', async () => {
    const { s } = await attached();
    expect((await s.cli(['reload'])).stdout).toMatch(/settings unchanged/);
    s.writeSettings({ prefix: 'C-b' });
    const result = await s.cli(['reload']);
    // The watcher may have applied it first; either way it is in force.
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/settings (applied from|unchanged).*config\.json/);
  });
});

describe('key bindings from the settings', () => {
  it('runs an action on the key the user gave it, and no longer on the default', async () => {
    const { t, s } = await attached({ keys: { 'split-right': 'v', 'split-down': ['s', '-'] } });
    t.write(`${CTRL_BACKSLASH}%`);
    await t.waitFor(() => /no such key/.test(statusBar(t)));
    t.write(`${CTRL_BACKSLASH}v`);
    await paneCount(s, 2);
    t.write(`${CTRL_BACKSLASH}s`);
    await paneCount(s, 3);
    t.write(`${CTRL_BACKSLASH}?`);
    await t.waitFor(/v {2,}split: new pane to the right/);
  });

  it('reports a conflict and does not apply the conflicting binding', async () => {
    const { t, s } = await attached();
    s.writeSettings({ keys: { detach: 'x', zoom: 'Z' } });
    // The status bar may cut the end of the message; `tessera reload` prints all of it.
    await t.waitFor(() => /settings applied except config\.json:1:\d+: keys\.det/.test(statusBar(t)));
    const reload = await s.cli(['reload']);
    expect(reload.code).toBe(1);
    expect(reload.stderr).toMatch(/not applied: .*'x' is already close-pane's key/);
    // x still closes a pane (after asking); Z now zooms.
    t.write(`${CTRL_BACKSLASH}x`);
    await t.waitFor(() => /Close pane 1/.test(statusBar(t)));
    t.write('n');
    t.write(`${CTRL_BACKSLASH}%`);
    await paneCount(s, 2);
    t.write(`${CTRL_BACKSLASH}Z`);
    await t.waitFor('[zoomed]');
  });

  it('refuses a binding on the prefix itself', async () => {
    const { t, s } = await attached();
    s.writeSettings({ prefix: 'C-b', keys: { redraw: 'C-b' } });
    await t.waitFor(() => /settings applied except config\.json:1:\d+: keys\.red/.test(statusBar(t)));
    expect((await s.cli(['reload'])).stderr).toMatch(/keys\.redraw: 'C-b' is the prefix \(redraw keeps r\)/);
    t.write(`${CTRL_B}%`);
    await paneCount(s, 2);
  });
});

describe('scroll mode keys from the settings', () => {
  const header = (t: OuterTerminal) => t.lines()[0];
  const scrolled = (t: OuterTerminal) => /\[\d+\/\d+\]/.test(header(t));

  it('applies scrollKeys saved while attached: the new key works, the old one does not, help shows it', async () => {
    const { t, s } = await attached();
    t.write(`${CTRL_BACKSLASH}[`);
    await t.waitFor(() => scrolled(t));
    // Saved while the pane is scrolled: the very next key uses the new bindings.
    s.writeSettings({ scrollKeys: { leave: 'x', 'history-top': ['Home', 'g'], 'line-start': '0' } });
    await t.waitFor(() => /settings applied/.test(statusBar(t)));
    t.write('q'); // no longer leaves; the hint names the key that does
    await t.waitFor(() => /scroll mode: .*x leaves/.test(statusBar(t)));
    expect(scrolled(t)).toBe(true);
    t.write('x');
    await t.waitFor(() => !scrolled(t));
    t.write(`${CTRL_BACKSLASH}?`);
    await t.waitFor(/Keys — press/);
    // The list is longer than the screen: page down to scroll mode's part at its end.
    t.write('\x1b[6~\x1b[6~');
    await t.waitFor(/in scroll mode/);
    await t.waitFor(/x {2,}back to the live screen/);
    t.write('\x1b');
  });

  it('reports a scrollKeys conflict with its line and column and keeps that default', async () => {
    const { t, s } = await attached();
    fs.writeFileSync(configFile(s), '{\n  "scrollKeys": {\n    "leave": "G"\n  }\n}\n');
    await t.waitFor(() => /settings applied except config\.json:3:5: scrollKeys\.leave/.test(statusBar(t)));
    const reload = await s.cli(['reload']);
    expect(reload.stderr).toMatch(/config\.json:3:5: scrollKeys\.leave: 'G' is already history-bottom's key \(leave keeps q\)/);
    t.write(`${CTRL_BACKSLASH}[`);
    await t.waitFor(() => scrolled(t));
    t.write('q');
    await t.waitFor(() => !scrolled(t));
  });
});

describe('the theme setting', () => {
  /** The background of the status bar's workspace badge, as the terminal shows it: a palette index. */
  const badgeBackground = (t: OuterTerminal) => {
    const cell = t.cell(1, t.term.rows - 1);
    return cell?.isBgPalette() ? cell.getBgColor() : undefined;
  };

  it('draws the chrome in the theme colours and follows a change of the file at once', async () => {
    const { t, s } = await attached({ theme: { colors: { workspaceBadge: 'magenta' } } });
    await t.waitFor(() => badgeBackground(t) === 5);
    s.writeSettings({ theme: 'light' });
    await t.waitFor(() => /settings applied/.test(statusBar(t)));
    t.write('x'); // any key clears the message, and the badge shows again
    // The light theme's badge is bright green (10); the dark one's green (2).
    await t.waitFor(() => badgeBackground(t) === 10);
  });

  it('refuses a colour it does not know, saying which, and keeps the colours in force', async () => {
    const { t, s } = await attached();
    await t.waitFor(() => badgeBackground(t) === 2);
    s.writeSettings({ theme: { colors: { workspaceBadge: 'teal' } } });
    await t.waitFor(() => /settings not applied: .*theme\.colors\.workspaceBadge must be a colour name/.test(t.text().replace(/\n/g, '')));
    t.write('x');
    await t.waitFor(() => !/settings not applied/.test(statusBar(t)));
    expect(badgeBackground(t)).toBe(2);
  });
});
