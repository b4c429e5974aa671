// The theme setting: what it accepts and refuses, the palette it gives, and the chrome drawn in it
// (the status bar's workspace badge and the focused header take the theme's colours, a #rrggbb too).

import { describe, expect, it } from 'vitest';
import type { ChromeModel } from '../../../src/app/chromeModel.js';
import { paletteOf, type Palette } from '../../../src/app/theme/palettes.js';
import { InvalidInput } from '../../../src/protocol/validate.js';
import { parseSettings } from '../../../src/store/settings.js';
import { parseThemeSetting } from '../../../src/store/themeSetting.js';
import { ansiToCells } from '../../../src/term/ansiToCells.js';
import { PALETTE16, RGB } from '../../../src/term/cellGrid.js';

// Chalk (inside Ink) decides its colour level when first imported: true colour, as in the server.
process.env.FORCE_COLOR = '3';
process.env.COLORTERM = 'truecolor';

const GREEN = PALETTE16 | 2;
const BLUE = PALETTE16 | 4;

describe('the theme setting', () => {
  it('takes a base name, or a base with colours for named roles', () => {
    expect(parseThemeSetting('light')).toEqual({ base: 'light', colors: {} });
    expect(parseThemeSetting({ colors: { accent: 'magenta', focusBackground: '#005f87' } })).toEqual({ base: 'dark', colors: { accent: 'magenta', focusBackground: '#005f87' } });
    expect(parseSettings({ theme: 'light' }).theme.base).toBe('light');
    expect(parseSettings({}).theme).toEqual({ base: 'dark', colors: {} });
  });

  it('refuses an unknown base, role or colour, saying what it takes', () => {
    expect(() => parseThemeSetting('solarized')).toThrow(/theme must be "dark", "light"/);
    expect(() => parseThemeSetting({ colors: { backgroundd: 'red' } })).toThrow(/no role 'backgroundd' \(roles: muted, accent/);
    expect(() => parseThemeSetting({ colors: { accent: 'teal' } })).toThrow(/theme.colors.accent must be a colour name/);
    expect(() => parseThemeSetting({ colors: { accent: '#12345' } })).toThrow(InvalidInput);
    expect(() => parseThemeSetting({ base: 'dark', extra: 1 })).toThrow(/theme has no 'extra'/);
  });

  it('gives the base palette with the user colours over it', () => {
    const dark = paletteOf({ base: 'dark', colors: {} });
    const light = paletteOf({ base: 'light', colors: {} });
    expect(light.muted).not.toBe(dark.muted);
    expect(paletteOf({ base: 'light', colors: { accent: 'magenta' } })).toEqual({ ...light, accent: 'magenta' });
  });
});

async function drawn(palette: Palette | undefined) {
  const { OffscreenChrome } = await import('../../../src/app/offscreenChrome.js');
  const model: ChromeModel = {
    cols: 60,
    rows: 4,
    headers: [{ id: 1, rect: { x: 0, y: 0, width: 60, height: 1 }, title: 'bash', status: 'idle', focused: true, zoomed: false, attention: false, rang: false, synced: false }],
    dividers: [],
    status: { workspace: 'main', paneCount: 1, prefixPending: false, prefixLabel: 'C-\\', hintKeys: { help: '?', detach: 'd' }, needYou: 0 },
    overlay: { kind: 'none' },
    palette,
  };
  const chrome = new OffscreenChrome(model);
  const grid = ansiToCells(chrome.text, model.cols, model.rows);
  chrome.dispose();
  // The workspace badge is the status bar's first cells; the focused header's background is its title's.
  return { badge: grid.bg[3 * model.cols + 1], header: grid.bg[5] };
}

describe('the chrome in a theme', () => {
  it('draws the dark palette when none is given, and the theme colours when one is', async () => {
    expect(await drawn(undefined)).toEqual({ badge: GREEN, header: BLUE });
    const custom = await drawn(paletteOf({ base: 'dark', colors: { workspaceBadge: 'magenta', focusBackground: '#005f87' } }));
    expect(custom.badge).toBe(PALETTE16 | 5);
    // A #rrggbb colour arrives as itself.
    expect(custom.header).toBe(RGB | 0x005f87);
  });
});
