// The mouse through the real binary, sent as the SGR reports a terminal sends: clicks focus, the
// wheel scrolls back, a divider drags, a drag copies, and programs that asked get their own reports.

import { describe, expect, it } from 'vitest';
import { useAttachedTerminal } from '../helpers/attached.js';
import { type OuterTerminal, PROMPT_PATTERN, eventually } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c'; // Ctrl+\
const world = useAttachedTerminal();
const start = world.start;

/** SGR reports at 0-based screen cell (x, y): button code b, press (M) or release (m). */
const press = (x: number, y: number, b = 0) => `\x1b[<${b};${x + 1};${y + 1}M`;
const release = (x: number, y: number, b = 0) => `\x1b[<${b};${x + 1};${y + 1}m`;
const drag = (x: number, y: number) => `\x1b[<32;${x + 1};${y + 1}M`;
const WHEEL_UP = 64;
const WHEEL_DOWN = 65;
const header = (t: OuterTerminal) => t.lines()[0];
const focused = async () => (await world.sandbox().listPanes()).find((p) => p.focused)?.id;

async function twoPanes(t: OuterTerminal) {
  await t.waitFor(PROMPT_PATTERN);
  t.write(`${PREFIX}%`);
  await t.waitFor(() => (t.text().match(/tsh\$/g) ?? []).length === 2);
  return eventually(() => world.sandbox().listPanes(), (p) => p.length === 2 && p[1].focused);
}

describe('the mouse', () => {
  it('turns on SGR mouse reports, and a click focuses the pane under it without typing into it', async () => {
    const t = await start();
    await twoPanes(t);
    expect(t.output).toContain('\x1b[?1002h\x1b[?1006h');
    t.write(press(5, 6) + release(5, 6));
    await eventually(focused, (id) => id === 1);
    // The old X10 form (ESC [ M and three bytes) works too and is never taken for keys.
    t.write(`\x1b[M${String.fromCharCode(32, 32 + 61, 32 + 6)}\x1b[M${String.fromCharCode(35, 32 + 61, 32 + 6)}`);
    await eventually(focused, (id) => id === 2);
    t.write('echo clean\r');
    await t.waitFor(/tsh\$ echo clean\s*\n.*clean/s);
    const screen = await world.sandbox().cliOk(['capture-pane', '-t', '2']);
    expect(screen).not.toMatch(/\[M|\[<|\x1b/);
  });

  it('does not turn mouse reports on when the mouse setting is off', async () => {
    const t = await start({ mouse: false });
    await t.waitFor(PROMPT_PATTERN);
    expect(t.output).not.toContain('\x1b[?1002h');
  });

  it('scrolls back with the wheel and leaves scroll mode when wheeled back to the bottom', async () => {
    const t = await start();
    await t.waitFor(PROMPT_PATTERN);
    t.write('for i in $(seq 1 80); do echo "row $i"; done\r');
    await t.waitFor(/^row 80$/m);
    t.write(press(10, 10, WHEEL_UP));
    await t.waitFor(() => /\[3\/\d+\]/.test(header(t)));
    t.write(press(10, 10, WHEEL_UP));
    await t.waitFor(() => /\[6\/\d+\]/.test(header(t)));
    t.write(press(10, 10, WHEEL_DOWN) + press(10, 10, WHEEL_DOWN));
    await t.waitFor(() => !/\[\d+\/\d+\]/.test(header(t)));
    t.write('echo live-again\r');
    await t.waitFor(/^live-again$/m);
  });

  it('turns the wheel into arrow keys for a full-screen program that did not ask for the mouse (less)', async () => {
    const t = await start();
    await t.waitFor(PROMPT_PATTERN);
    t.write('seq 1 200 | sed "s/^/item-/" > items.txt && less items.txt\r');
    await t.waitFor(() => t.lines()[1] === 'item-1');
    t.write(press(10, 10, WHEEL_DOWN));
    await t.waitFor(() => t.lines()[1] === 'item-4');
    t.write(press(10, 10, WHEEL_UP));
    await t.waitFor(() => t.lines()[1] === 'item-1');
    expect(header(t)).not.toMatch(/\[\d+\/\d+\]/);
    t.write('q');
    await t.waitFor(PROMPT_PATTERN);
  });

  it('drags a divider to resize the panes beside it', async () => {
    const t = await start();
    const panes = await twoPanes(t);
    const left = panes[0];
    const divider = (left.rect?.x ?? 0) + (left.rect?.width ?? 0);
    t.write(press(divider, 10) + drag(divider - 5, 10) + drag(divider - 10, 10) + release(divider - 10, 10));
    const after = await eventually(() => world.sandbox().listPanes(), (p) => p[0].cols === left.cols - 10);
    expect(after[1].cols).toBe(panes[1].cols + 10);
    expect(after[1].focused).toBe(true); // dragging a divider does not move the focus
  });

  it('selects by dragging and copies on release (OSC 52)', async () => {
    const t = await start();
    await t.waitFor(PROMPT_PATTERN);
    t.write('echo hello-drag-copy\r');
    await t.waitFor(/^hello-drag-copy$/m);
    const row = t.lines().indexOf('hello-drag-copy');
    t.write(press(0, row) + drag(6, row) + drag(14, row) + release(14, row));
    await t.waitFor(() => t.lines()[t.term.rows - 1].includes('copied 15 characters'));
    expect(t.output).toContain(`\x1b]52;c;${Buffer.from('hello-drag-copy').toString('base64')}\x07`);
    await t.waitFor(() => !/\[\d+\/\d+\]/.test(header(t)));
  });

  it('gives a program that asked for mouse reports its own, in its pane coordinates and encoding', async () => {
    const t = await start();
    await twoPanes(t);
    const script =
      "process.stdin.setRawMode(true); process.stdout.write('\\x1b[?1000h\\x1b[?1006hREADY\\n'); process.stdin.on('data', (d) => process.stdout.write(JSON.stringify(String(d)) + '\\n'))";
    await world.sandbox().cliOk(['send-keys', '-t', '2', `node -e "${script}"`, 'Enter']);
    // The program's own line, not the echoed command that names it: only then does it take reports.
    await eventually(() => world.sandbox().capturePane('2'), (screen) => /^READY$/m.test(screen));
    const right = (await world.sandbox().listPanes())[1].rect!;
    // rect is the pane's content: its cell (4, 3) is reported as column 5, row 4 (1-based).
    t.write(press(right.x + 4, right.y + 3) + release(right.x + 4, right.y + 3));
    await t.waitFor('\\u001b[<0;5;4M');
    await t.waitFor('\\u001b[<0;5;4m');
    t.write(press(right.x + 2, right.y + 5, WHEEL_UP));
    await t.waitFor('\\u001b[<64;3;6M');
    expect(header(t)).not.toMatch(/\[\d+\/\d+\]/); // the wheel went to the program, not to scroll mode
  });

  it('asks the terminal for every motion while a program on screen wants it (1003), and stops when it ends', async () => {
    const t = await start();
    await t.waitFor(PROMPT_PATTERN);
    expect(t.term.modes.mouseTrackingMode).toBe('drag');
    const script =
      "process.stdin.setRawMode(true); process.stdout.write('\\x1b[?1003h\\x1b[?1006hREADY\\n'); process.stdin.on('data', (d) => { if (String(d) === 'q') process.exit(0); process.stdout.write(JSON.stringify(String(d)) + '\\n'); })";
    // In the shell: the command ends and the shell lives on.
    await world.sandbox().cliOk(['send-keys', '-t', '1', `node -e "${script}"`, 'Enter']);
    await t.waitFor(/^READY\s*$/m); // the output line, not the echoed command that names it
    await t.waitFor(() => t.term.modes.mouseTrackingMode === 'any');
    const rect = (await world.sandbox().listPanes())[0].rect!;
    // Motion with no button held (SGR 35) at the pane's cell (6, 2): reported as column 7, row 3.
    t.write(`\x1b[<35;${rect.x + 7};${rect.y + 3}M`);
    await t.waitFor('\\u001b[<35;7;3M');
    t.write('q');
    await t.waitFor(() => t.term.modes.mouseTrackingMode === 'drag');
    expect(t.term.modes.mouseTrackingMode).toBe('drag');

    // As a pane's own program: when it exits, the terminal goes back too.
    await world.sandbox().cliOk(['split', '--right', '--', 'node', '-e', script.replace(/\\\\/g, '\\')]);
    await t.waitFor(() => t.term.modes.mouseTrackingMode === 'any');
    await eventually(() => world.sandbox().listPanes(), (p) => p.length === 2 && p[1].focused);
    t.write('q');
    await eventually(() => world.sandbox().listPanes(), (p) => p[1]?.status === 'exited' || p.length === 1);
    await t.waitFor(() => t.term.modes.mouseTrackingMode === 'drag');
  });
});
