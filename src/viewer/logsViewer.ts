// The logs viewer (see main.ts): `node dist/viewer/main.js logs WORKSPACE [hook:NAME|service:NAME]
// [run]`. Shows one log of the workspace's stack at a time and follows it as it grows (followState.ts):
// ] and [ (Tab, Shift+Tab) go to the next and previous log, x runs the hook whose log it shows, r
// reads the log again. Opened with `run` (a hook run from a key or the palette) it runs that hook
// itself, its output coming in as the hook writes it. SIGUSR1 (the same key again) goes back to the
// log it was opened on, at its end, and runs the hook again when it was opened to run one. The list
// of logs and the runs come from the server (askServer); the files are read here.

import type { LogsResult } from '../commands/stackLogs.js';
import type { HookRunResult } from '../commands/hook.js';
import { LOG_VIEW_LIST_MS } from '../limits.js';
import type { KeyToken } from '../term/keys/decode.js';
import { visibleText } from '../term/visibleText.js';
import { askServer } from './askServer.js';
import { drawViewer } from './draw.js';
import { atBottom, followLines } from './followState.js';
import { LogFollower } from './logFollower.js';
import { LogLines } from './logLines.js';
import { initialViewerState, reduceViewer, resizeViewer, wheelViewer, type ViewerState } from './viewerState.js';
import { quitViewer, startViewerTerminal, viewerSize } from './viewerTerminal.js';

type LogEntry = LogsResult['logs'][number];

const [workspace = '', pick, runArg] = process.argv.slice(3);
const wanted = parsePick(pick);
const runOnOpen = runArg === 'run' && wanted?.kind === 'hook';
const HINTS = ']/[ other log  x run hook  q close';

let entries: LogEntry[] = [];
let index = -1;
let text = new LogLines();
let follower: LogFollower | undefined;
let state: ViewerState = initialViewerState(viewerSize().rows - 1, viewerSize().cols);
/** How the last hook run from here went (or that it runs), shown beside the log's name. */
let run: string | undefined;
/** A run from here is under way (the server would refuse a second; this says so without asking). */
let running = false;

function parsePick(value: string | undefined): { kind: 'hook' | 'service'; name: string } | undefined {
  const match = /^(hook|service):([A-Za-z][A-Za-z0-9_-]{0,31})$/.exec(value ?? '');
  return match ? { kind: match[1] as 'hook' | 'service', name: match[2] } : undefined;
}

function title(): string {
  const entry = entries[index];
  const which = entry ? `${entry.kind} ${entry.name} (${index + 1}/${entries.length})` : 'no log yet';
  // Names come from the server (checked words), shown through the one escaping function all the same.
  return visibleText(`logs of ${workspace}: ${which}${run === undefined ? '' : `  [${run}]`}`);
}

function draw(): void {
  process.stdout.write(drawViewer(text.lines, state, title(), HINTS));
}

/** Shows entry `at`, read from the end of its file and followed. */
function show(at: number): void {
  follower?.stop();
  index = at;
  text = new LogLines();
  state = initialViewerState(state.rows, state.cols);
  const entry = entries[at];
  if (!entry) {
    text.note(`workspace ${workspace} has no logs yet: 'tessera up' starts its services, 'tessera hook NAME' runs a hook`);
    follower = undefined;
    draw();
    return;
  }
  const update = (change: () => number) => {
    const before = text.lines.length;
    const dropped = change();
    state = followLines(state, before, text.lines.length, dropped);
    draw();
  };
  follower = new LogFollower(entry.file, {
    text: (chunk) => update(() => text.append(chunk)),
    note: (line) => update(() => text.note(line)),
    restart: () => {
      text = new LogLines();
      state = { ...state, top: 0, search: undefined };
    },
  });
  follower.start();
  draw();
}

/** Asks the server which logs there are (the wanted one even before it has a file). */
async function list(): Promise<LogEntry[]> {
  const all = ((await askServer('logs', { workspace }, process.cwd())) as LogsResult).logs;
  if (!wanted || all.some((l) => l.kind === wanted.kind && l.name === wanted.name)) return all;
  const one = ((await askServer('logs', { workspace, name: wanted.name }, process.cwd())) as LogsResult).logs.filter((l) => l.kind === wanted.kind);
  return [...one, ...all];
}

/** Reads the list again, then shows the log `step` away from the current one (0: the wanted one, or the first). */
async function cycle(step: number): Promise<void> {
  const current = entries[index];
  try {
    entries = await list();
  } catch (error) {
    state = { ...state, message: `the list of logs could not be read: ${(error as Error).message}` };
    draw();
    return;
  }
  const position = (e: { kind: string; name: string } | undefined) => (e ? entries.findIndex((l) => l.kind === e.kind && l.name === e.name) : -1);
  let next = -1;
  if (entries.length > 0 && step === 0) next = Math.max(0, position(wanted));
  else if (entries.length > 0) {
    const from = position(current);
    next = from < 0 ? 0 : (from + step + entries.length) % entries.length;
  }
  if (step === 0 || next !== index || entries[next]?.file !== current?.file) show(next);
  else draw();
}

/** Runs the hook whose log is shown; its output comes in through the log. */
async function runHook(): Promise<void> {
  const entry = entries[index];
  if (entry?.kind !== 'hook') {
    state = { ...state, message: entry ? `x runs a hook: this is service ${entry.name}'s log` : 'no hook log is shown' };
    return draw();
  }
  if (running) {
    state = { ...state, message: 'a hook run from this pane is under way' };
    return draw();
  }
  running = true;
  run = `running ${entry.name}…`;
  if (!atBottom(state, text.lines.length)) state = { ...state, top: Math.max(0, text.lines.length - state.rows) };
  draw();
  try {
    const result = (await askServer('hook', { workspace, hook: entry.name }, process.cwd())) as HookRunResult;
    run = `${entry.name} ${result.timedOut ? 'was ended at its time limit' : result.error !== undefined ? `could not run: ${result.error}` : `exited with status ${result.code ?? 'none (a signal)'}`}`;
  } catch (error) {
    run = `${entry.name} did not run: ${(error as Error).message}`;
  }
  running = false;
  draw();
}

function handle(tokens: KeyToken[]): void {
  for (const token of tokens) {
    const wheel = token.kind === 'mouse' ? token.mouse?.button : undefined;
    if (wheel === 'wheel-up' || wheel === 'wheel-down') state = wheelViewer(state, wheel === 'wheel-up' ? 'up' : 'down', text.lines.length);
    const key = token.kind === 'key' ? token.key : undefined;
    if (!key || key.event === 'release') continue;
    if (!state.input && !key.ctrl && !key.alt) {
      if (key.char === ']' || (key.name === 'tab' && !key.shift)) return void cycle(1);
      if (key.char === '[' || (key.name === 'tab' && key.shift)) return void cycle(-1);
      if (key.char === 'x') return void runHook();
    }
    const step = reduceViewer(state, text.plain, key, { sideways: true });
    state = step.state;
    if (step.quit) quitViewer();
    if (step.reload) return show(index);
  }
  draw();
}

/** Waits for a first log while there is none. */
function lookForLogs(): void {
  setInterval(() => {
    if (entries.length === 0) void cycle(0);
  }, LOG_VIEW_LIST_MS);
}

startViewerTerminal(visibleText(`logs of ${workspace}`), handle, () => {
  const { rows, cols } = viewerSize();
  const following = atBottom(state, text.lines.length);
  state = resizeViewer(state, rows - 1, cols, text.lines.length);
  if (following) state = { ...state, top: Math.max(0, text.lines.length - state.rows) };
  draw();
});
process.on('SIGUSR1', () => {
  if (!running) run = undefined;
  void cycle(0).then(() => (runOnOpen ? runHook() : undefined));
});
void cycle(0).then(() => (runOnOpen ? runHook() : undefined));
lookForLogs();
draw();
