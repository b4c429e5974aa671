// Scenario 6: resident memory of the server with 1, 8 and 32 panes whose histories are full.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  HISTORY_LINES,
  MEMORY_FILL_MARGIN,
  MEMORY_LINE_WIDTH,
  MEMORY_PANE_COUNTS,
  MEMORY_SETTLE_MS,
  OUTER_COLS,
  OUTER_ROWS,
} from '../settings.js';
import { buildFullWidthLines } from '../lib/colored-text.js';
import { sleep } from '../lib/deadline.js';
import { linesToFillHistory } from '../lib/pane-layout.js';
import { residentBytes } from '../lib/proc.js';
import { openSession } from '../lib/session.js';
import { shellQuote } from '../lib/shell-quote.js';

const FILL_DONE = /@@(\d+)@@/g;
const FEWEST = MEMORY_PANE_COUNTS[0];
const MOST = MEMORY_PANE_COUNTS[MEMORY_PANE_COUNTS.length - 1];

/** @param {{ cols: number, rows: number }} pane */
const fillLines = ({ cols, rows }) =>
  linesToFillHistory({ cols, rows, lineWidth: MEMORY_LINE_WIDTH, historyLines: HISTORY_LINES, margin: MEMORY_FILL_MARGIN });

/** @type {import('./scenario.js').Scenario<{}, string>} */
export const memory = {
  name: 'memory',
  title: () => `server memory with ${MEMORY_PANE_COUNTS.join(' / ')} panes, each with a full ${HISTORY_LINES}-line history`,
  figures: [
    ...MEMORY_PANE_COUNTS.map((count) => ({ key: `rss${count}`, label: `server RSS, ${count} pane${count === 1 ? '' : 's'}`, unit: /** @type {const} */ ('bytes') })),
    { key: 'perPane', label: 'per extra pane', unit: 'bytes' },
  ],
  note: `per extra pane = (RSS with ${MOST} panes − RSS with ${FEWEST}) / ${MOST - FEWEST}.`,
  prepare({ benchEnv }) {
    const path = join(benchEnv.files, 'history.txt');
    const count = fillLines({ cols: OUTER_COLS, rows: OUTER_ROWS });
    writeFileSync(path, buildFullWidthLines({ count, width: MEMORY_LINE_WIDTH, seed: 7 }));
    return path;
  },
  async run(context) {
    /** @type {Record<string, number>} */
    const figures = {};
    for (const count of MEMORY_PANE_COUNTS) {
      const scope = context.scope.nested();
      try {
        figures[`rss${count}`] = await fillAndMeasure({ ...context, scope }, count);
      } finally {
        await scope.dispose();
      }
    }
    figures.perPane = (figures[`rss${MOST}`] - figures[`rss${FEWEST}`]) / (MOST - FEWEST);
    return figures;
  },
};

/**
 * @param {import('./scenario.js').RunContext<{}, string>} context
 * @param {number} count
 * @returns {Promise<number>} the server's resident bytes once every history is full
 */
async function fillAndMeasure(context, count) {
  const { server, outer, panes, serverPid } = await openSession(context, count);
  for (const [index, pane] of panes.entries()) {
    // The shell joins '@@'"7@@" into @@7@@, so the typed command line itself never looks finished.
    await server.sendText(pane.id, `head -n ${fillLines(pane)} ${shellQuote(context.fixture)}; echo '@@'"${index}@@"\r`);
  }
  await outer.waitForScreen(
    (lines) => new Set(lines.flatMap((line) => [...line.matchAll(FILL_DONE)].map((match) => match[1]))).size >= count,
    { timeoutMs: context.plan.deadlineMs, what: `${context.driver.name}: all ${count} panes filled` },
  );
  await sleep(MEMORY_SETTLE_MS);
  return residentBytes(serverPid);
}
