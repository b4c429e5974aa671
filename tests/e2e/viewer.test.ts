// Viewer panes through the real binary: a source file with syntax colours, scrolling and search; a
// markdown file rendered; one viewer per file; q closes; paths that lead out of the workspace
// folder are refused; the palette's file picker opens a viewer.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAttachedClient } from '../helpers/attached.js';
import { eventually, type OuterTerminal } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c';
const attached = useAttachedClient();

const SOURCE = Array.from({ length: 200 }, (_, i) => (i === 149 ? 'const needle = "found it";' : `const value${i + 1} = ${i + 1};`)).join('\n') + '\n';

function cellAt(t: OuterTerminal, text: string): { fg: number; palette: boolean; bold: boolean } | undefined {
  const lines = t.lines();
  for (let y = 0; y < lines.length; y++) {
    const x = lines[y].indexOf(text);
    if (x < 0) continue;
    const cell = t.cell(x, y);
    if (cell) return { fg: cell.getFgColor(), palette: cell.isFgPalette(), bold: cell.isBold() !== 0 };
  }
  return undefined;
}

describe('viewer panes', () => {
  it('shows a source file with syntax colours, scrolls, searches, and closes with q', async () => {
    const { t, s } = await attached();
    fs.mkdirSync(path.join(s.root, 'src'));
    fs.writeFileSync(path.join(s.root, 'src/app.ts'), SOURCE);
    const id = (await s.cliOk(['view', 'src/app.ts'])).trim();
    await t.waitFor(/const value1 = 1;/);
    await t.waitFor(/app\.ts {2}1-\d+\/200/);
    // The keyword is coloured by the terminal's own magenta (palette colour 5).
    expect(cellAt(t, 'const value1')).toMatchObject({ palette: true, fg: 5 });
    t.write('/needle\r');
    await t.waitFor(/const needle = "found it";/);
    await t.waitFor(/\[1\/1 'needle'\]/);
    t.write('G');
    await t.waitFor(/-200\/200 100%/);
    t.write('g');
    await t.waitFor(/app\.ts {2}1-/);
    t.write('/nothing-like-this\r');
    await t.waitFor(/no match for 'nothing-like-this'/);
    // The mouse wheel scrolls the file (the viewer asks for mouse reports, so the pane gets them).
    const rect = (await s.listPanes()).find((p) => String(p.id) === id)!.rect!;
    t.write(`\x1b[<65;${rect.x + 3};${rect.y + 3}M`);
    await t.waitFor(/app\.ts {2}4-/);
    // A change to the file on disk shows at once.
    fs.appendFileSync(path.join(s.root, 'src/app.ts'), 'const appendedByAnAgent = 201;\n');
    await t.waitFor(/the file changed: reloaded/);
    t.write('G');
    await t.waitFor(/const appendedByAnAgent = 201;/);
    await t.waitFor(/-201\/201 100%/);
    t.write('q');
    await eventually(() => s.listPanes(), (p) => p.length === 1 && !p.some((pane) => String(pane.id) === id));
  });

  it('renders markdown, and focuses the viewer a file has instead of opening a second', async () => {
    const { t, s } = await attached();
    fs.writeFileSync(path.join(s.root, 'NOTES.md'), '# Big Heading\n\nSome **bold words** here.\n\n- first item\n- second item\n');
    const id = (await s.cliOk(['view', 'NOTES.md'])).trim();
    await t.waitFor(/• first item/);
    expect(t.text()).not.toContain('# Big Heading');
    expect(t.text()).not.toContain('**bold');
    expect(cellAt(t, 'bold words')?.bold).toBe(true);
    expect(cellAt(t, 'Big Heading')?.bold).toBe(true);
    t.write(`${PREFIX}o`); // focus the shell
    await eventually(() => s.listPanes(), (p) => p.find((pane) => pane.focused)?.id !== Number(id));
    expect((await s.cliOk(['view', './NOTES.md'])).trim()).toBe(id);
    const panes = await eventually(() => s.listPanes(), (p) => p.find((pane) => pane.focused)?.id === Number(id));
    expect(panes).toHaveLength(2);
  });

  it('refuses files outside the workspace folder, by ../ or by a symlink, and files that are not there', async () => {
    const { s } = await attached();
    fs.writeFileSync(path.join(s.root, '..', `outside-${path.basename(s.root)}.txt`), 'secret\n');
    const escape = await s.cli(['view', `../outside-${path.basename(s.root)}.txt`]);
    expect(escape.code).toBe(1);
    expect(escape.stderr).toMatch(/is outside the workspace folder/);
    fs.symlinkSync('/etc/hostname', path.join(s.root, 'link.txt'));
    const link = await s.cli(['view', 'link.txt']);
    expect(link.code).toBe(1);
    expect(link.stderr).toMatch(/link\.txt is outside the workspace folder/);
    const missing = await s.cli(['view', 'nope.txt']);
    expect(missing.stderr).toMatch(/no such file: nope\.txt/);
    expect(await s.listPanes()).toHaveLength(1);
    fs.rmSync(path.join(s.root, '..', `outside-${path.basename(s.root)}.txt`));
  });

  it('opens a file picked in the palette', async () => {
    const { t, s } = await attached();
    fs.mkdirSync(path.join(s.root, 'docs'));
    fs.writeFileSync(path.join(s.root, 'docs/guide.txt'), 'the guide text\n');
    t.write(`${PREFIX}f`);
    await t.waitFor(/View a file/);
    t.write('guide');
    await t.waitFor(/docs\/guide\.txt/);
    t.write('\r');
    await t.waitFor(/the guide text/);
    expect(await s.listPanes()).toHaveLength(2);
  });
});
