// The file and diff viewer (see main.ts): `node dist/viewer/main.js source|markdown FILE [LINE]`, or
// `… diff DIR` for a workspace's diff. It draws on its own terminal (the pane's PTY) and reads its own
// keys, so a viewer goes through the same pane, emulator and compositor as every program. A file is
// followed as it changes; the diff is read again on r, and on SIGUSR1 (the diff key pressed again,
// or the server saw the workspace's files change), keeping the reader's place.

import fs from 'node:fs';
import path from 'node:path';
import { VIEWED_FILE_DEBOUNCE_MS } from '../limits.js';
import type { KeyToken } from '../term/keys/decode.js';
import { visibleText } from '../term/visibleText.js';
import { buildDocument, errorDocument, readViewedFile, type ViewedDocument } from './document.js';
import type { ViewMode } from './mode.js';
import { drawViewer } from './draw.js';
import { loadDiff } from './diffDocument.js';
import { askServer } from './askServer.js';
import { changedLineAt, fileLabel, jumpFile, placeTop, readingLine, readingPlace, reviewDocument, type FileJump, type ReviewDocument } from './reviewDocument.js';
import type { DiffResult } from '../commands/diff.js';
import { span } from './styledText.js';
import { initialViewerState, reduceViewer, resizeViewer, wheelViewer, type ViewerState } from './viewerState.js';
import { quitViewer, startViewerTerminal, viewerSize as size } from './viewerTerminal.js';

const [modeArg, file, lineArg] = process.argv.slice(2);
if ((modeArg !== 'source' && modeArg !== 'markdown' && modeArg !== 'diff') || file === undefined) {
  process.stderr.write('usage: viewer source|markdown FILE, or viewer diff DIR\n');
  process.exit(2);
}
const mode: ViewMode | 'diff' = modeArg;
// The file's name comes from outside (a repository can name a file anything): shown with its marks.
const name = visibleText(mode === 'diff' ? `diff of ${path.basename(file)}` : path.basename(file));

let doc: ViewedDocument = mode === 'diff' ? { lines: [[span('reading the diff…', '90')]], plain: ['reading the diff…'] } : load();
let state: ViewerState = initialViewerState(size().rows - 1, size().cols);
/** The diff's files and hunks (undefined until the first read, or when it could not be read). */
let review: ReviewDocument | undefined;
/** The file last jumped to with ] or [ (the one o opens while the view has not moved since). */
let jump: FileJump | undefined;
// Opened at a line (from the diff viewer): that line a third of the way down.
if (lineArg !== undefined && Number(lineArg) > 0) state = resizeViewer({ ...state, top: Number(lineArg) - 1 - Math.floor(state.rows / 3) }, state.rows, state.cols, doc.lines.length);

function load(): ViewedDocument {
  if (mode === 'diff') return doc;
  try {
    return buildDocument(readViewedFile(file), file, mode, size().cols);
  } catch (error) {
    return errorDocument((error as Error).message);
  }
}

function draw(): void {
  process.stdout.write(drawViewer(doc.lines, state, name));
}

function handle(tokens: KeyToken[]): void {
  for (const token of tokens) {
    const wheel = token.kind === 'mouse' ? token.mouse?.button : undefined;
    if (wheel === 'wheel-up' || wheel === 'wheel-down') state = wheelViewer(state, wheel === 'wheel-up' ? 'up' : 'down', doc.lines.length);
    if (token.kind !== 'key' || !token.key || token.key.event === 'release') continue;
    if (mode === 'diff' && !state.input && diffKey(token.key.char)) continue;
    const step = reduceViewer(state, doc.plain, token.key, { sideways: mode !== 'markdown' });
    state = step.state;
    if (step.quit) quitViewer();
    if (step.reload && mode === 'diff') void reloadDiff('the diff, read again');
    else if (step.reload) reload('reloaded');
  }
  draw();
}

/** Reads the file again, keeping the place (searches are dropped: their matches moved). */
function reload(message: string): void {
  doc = load();
  state = resizeViewer({ ...state, search: undefined, message }, state.rows, state.cols, doc.lines.length);
}

/** The diff viewer's own keys: ] and [ jump file to file, o opens the file at its changed line. */
function diffKey(char: string | undefined): boolean {
  if (char === ']' || char === '[') {
    const to = review ? jumpFile(review, readingLine(state.top, jump), char === ']' ? 1 : -1) : undefined;
    if (to === undefined || !review) {
      state = { ...state, message: char === ']' ? 'no next file' : 'no previous file' };
      return true;
    }
    // Said in words: near the end of the diff the view cannot scroll the file to its top.
    state = resizeViewer({ ...state, top: to, message: fileLabel(review, to) }, state.rows, state.cols, doc.lines.length);
    jump = { line: to, top: state.top };
    return true;
  }
  if (char === 'o') {
    const target = review ? changedLineAt(review, readingLine(state.top, jump)) : undefined;
    if (!target) state = { ...state, message: 'no file here to open' };
    else {
      askServer('view', { file: target.path, line: target.line }, file as string).then(
        () => undefined,
        (error: Error) => {
          state = { ...state, message: `could not open ${target.path}: ${error.message}` };
          draw();
        },
      );
    }
    return true;
  }
  return false;
}

/** Reads the diff again and draws it, keeping the place: the same file, as far into it (else the same line). */
async function reloadDiff(message: string | undefined): Promise<void> {
  const place = review ? readingPlace(review, readingLine(state.top, jump)) : undefined;
  try {
    const result = (await askServer('diff', { format: 'review' }, file as string)) as DiffResult;
    review = reviewDocument(result);
    doc = review;
  } catch (error) {
    // Not inside tessera's server (or it is gone): the plain patch against HEAD, read here.
    review = undefined;
    doc = await loadDiff(file as string);
    message = `${(error as Error).message}; showing the uncommitted diff`;
  }
  const top = place && review ? placeTop(review, place) : undefined;
  jump = undefined; // its line is one of the old diff's
  state = resizeViewer({ ...state, top: top ?? state.top, search: undefined, message }, state.rows, state.cols, doc.lines.length);
  draw();
}

/** The file changed on disk (an agent edited it): show the new text at once. */
function followChanges(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const watcher = fs.watch(path.dirname(file), (_event, changed) => {
      if (changed !== null && changed !== path.basename(file)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        reload('the file changed: reloaded');
        draw();
      }, VIEWED_FILE_DEBOUNCE_MS);
    });
    watcher.on('error', () => watcher.close());
  } catch {
    // Not watchable (gone, no permission): r still reloads by hand.
  }
}

startViewerTerminal(name, handle, () => {
  const { rows, cols } = size();
  // Markdown is wrapped to the width: draw it again for the new one, keeping the reader near the same place.
  if (mode === 'markdown' && cols !== state.cols) {
    const fraction = doc.lines.length === 0 ? 0 : state.top / doc.lines.length;
    doc = load();
    state = { ...state, top: Math.round(fraction * doc.lines.length), search: undefined };
  }
  state = resizeViewer(state, rows - 1, cols, doc.lines.length);
  draw();
});
if (mode === 'diff') {
  process.on('SIGUSR1', () => void reloadDiff('the diff, read again'));
  void reloadDiff(undefined);
} else followChanges();
draw();
