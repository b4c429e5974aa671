// The dialog's rows as lines of styled text: name, install state, then the model/effort or shell choices.

import { textWidth } from '../../term/textWidth.js';
import { fitText } from '../fitText.js';
import { modelChoices, shellChoices } from './choices.js';
import type { AddPaneRow, AddPaneState, RowSelection } from './model.js';
import { visibleRowIndexes } from './search.js';
import { fitSegments, seg, type Segment } from '../dialog/segments.js';

export interface BodyLine {
  /** Index in `state.rows` of the row this line belongs to; -1 for the "nothing matches" line. */
  rowIndex: number;
  focused: boolean;
  segments: Segment[];
}

const MARKER_WIDTH = 2;
/** Longer names are cut so the selectors keep their column. */
const MAX_LABEL_WIDTH = 18;
const STATUS_WIDTH = 'not installed'.length;
/** Narrower than this, the choices go on their own lines under the name instead of being cut off. */
const MIN_DETAIL_WIDTH = 24;
/** Where the choices start on those lines. */
const STACKED_INDENT = 4;
/** Longer model names are cut so the effort selector keeps its column. */
const MAX_MODEL_WIDTH = 28;
const GAP = '  ';
/** "model " before the model, then the gap, "effort " and the widest effort, "‹default›". */
const SELECTORS_BESIDE_MODEL = 'model '.length + GAP.length + 'effort '.length + '‹default›'.length;
/** A model column narrower than this would show nothing useful. */
const MIN_MODEL_WIDTH = 9;

export function bodyLines(state: AddPaneState, width: number): BodyLine[] {
  const visible = visibleRowIndexes(state);
  if (visible.length === 0) {
    return [{ rowIndex: -1, focused: false, segments: fitSegments([seg(`  nothing matches "${state.search}"`, 'placeholder')], width) }];
  }
  const labelWidth = Math.min(MAX_LABEL_WIDTH, Math.max(0, ...state.rows.map((r) => textWidth(r.label))));
  const besideStart = MARKER_WIDTH + labelWidth + GAP.length + STATUS_WIDTH + GAP.length;
  const stacked = width - besideStart < MIN_DETAIL_WIDTH;
  const detailStart = stacked ? STACKED_INDENT : besideStart;
  const detailWidth = Math.max(1, width - detailStart);
  const modelWidth = Math.min(modelColumnWidth(state.rows), Math.max(MIN_MODEL_WIDTH, detailWidth - SELECTORS_BESIDE_MODEL));
  const indent = seg(' '.repeat(detailStart));
  return visible.flatMap((rowIndex) => {
    const row = state.rows[rowIndex];
    const focused = rowIndex === state.focusedIndex;
    const missing = row.kind === 'agent' && !row.installed;
    const head = [
      seg(focused ? '› ' : '  ', 'key'),
      seg(fitText(row.label, labelWidth) + GAP, missing ? 'disabled' : 'text'),
      statusSegment(row),
      seg(GAP),
    ];
    const details = detailLines(row, state.selections[rowIndex], detailWidth, modelWidth);
    const lines = stacked ? [head, ...details.map((d) => [indent, ...d])] : details.map((d, i) => [...(i === 0 ? head : [indent]), ...d]);
    return lines.map((segments) => ({ rowIndex, focused, segments: fitSegments(segments, width) }));
  });
}

/** Wide enough for every model offered, so neither cycling nor the next row moves the effort column. */
function modelColumnWidth(rows: readonly AddPaneRow[]): number {
  const widths = rows.flatMap((row) => (row.kind === 'agent' ? modelChoices(row).map((m) => textWidth(m) + 2) : []));
  return Math.min(MAX_MODEL_WIDTH, Math.max(0, ...widths));
}

function statusSegment(row: AddPaneRow): Segment {
  if (row.kind === 'terminal') return seg(fitText('shell', STATUS_WIDTH), 'caption');
  return row.installed ? seg(fitText('installed', STATUS_WIDTH), 'installed') : seg(fitText('not installed', STATUS_WIDTH), 'missing');
}

/** One or more lines of choices; only the terminal's shell list can need more than one. */
function detailLines(row: AddPaneRow, selection: RowSelection, width: number, modelWidth: number): Segment[][] {
  if (row.kind === 'agent') {
    if (!row.installed) return [[seg(row.installHint, 'hint')]];
    if (selection.kind !== 'agent') return [[]];
    const model = modelChoices(row)[selection.modelIndex];
    return [[seg('model ', 'caption'), seg(fitText(`‹${model}›`, modelWidth), 'value'), seg(GAP), seg('effort ', 'caption'), seg(`‹${selection.effort}›`, 'value')]];
  }
  const chosen = selection.kind === 'terminal' ? selection.shellIndex : 0;
  // The chosen shell trades its spaces for ‹ ›, so nothing moves when the choice does.
  const chips = shellChoices(row).map((shell, i): Segment => {
    if (i === chosen) return seg(`‹${shell.label}›`, 'chosen');
    return shell.available ? seg(` ${shell.label} `) : seg(` ${shell.label} · unavailable `, 'disabled');
  });
  return packChips(chips, width);
}

/** Chips left to right, starting a new line when the next would not fit. */
function packChips(chips: Segment[], width: number): Segment[][] {
  const lines: Segment[][] = [[]];
  let used = 0;
  for (const chip of chips) {
    const w = textWidth(chip.text);
    const current = lines[lines.length - 1];
    if (current.length === 0) {
      current.push(chip);
      used = w;
    } else if (used + 1 + w <= width) {
      current.push(seg(' '), chip);
      used += 1 + w;
    } else {
      lines.push([chip]);
      used = w;
    }
  }
  return lines;
}
