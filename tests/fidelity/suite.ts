// The fidelity suite, defined once and run against a multiplexer: every case runs directly and in a
// pane of the same size, and the two screens must have the same cells and cursor.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compareScreens, formatDiff, type CompareOptions } from './cellCompare.js';
import { CASES, findProgram, type FidelityCase } from './cases.js';
import { showDirect, type Host } from './hosts.js';
import { sizedCommand } from './launch.js';

/** Per case: two program starts, a settle, a comparison; generous for a loaded 2-core machine. */
const CASE_TIMEOUT_MS = 60_000;
const HOST_TIMEOUT_MS = 30_000;

export interface SuiteOptions {
  /** Which cases to run (default all). */
  only?: (fidelityCase: FidelityCase) => boolean;
  /** Aspects this host is excused from comparing in a case, each with the reason. */
  excuse?: (fidelityCase: FidelityCase) => CompareOptions['ignore'];
  /** Graphemes this host sends in another form on purpose (see CompareOptions.glyphForm). */
  glyphForm?: CompareOptions['glyphForm'];
}

export function defineFidelitySuite(makeHost: () => Host, options: SuiteOptions = {}): void {
  let host: Host | undefined;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-fidelity-'));

  beforeAll(async () => {
    host = makeHost();
    await host.start();
  }, HOST_TIMEOUT_MS);

  afterAll(async () => {
    await host?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }, HOST_TIMEOUT_MS);

  CASES.forEach((fidelityCase, index) => {
    if (options.only && !options.only(fidelityCase)) return;
    const missing = fidelityCase.needs.filter((program) => findProgram(program) === undefined);
    if (missing.length > 0) {
      it.skip(`${fidelityCase.name} — skipped: ${missing.join(', ')} not installed`, () => {});
      return;
    }
    it(fidelityCase.name, async () => {
      if (!host) throw new Error('the host did not start');
      const workDir = path.join(scratch, `case-${index}`);
      fs.mkdirSync(workDir, { recursive: true });
      const ctx = { workDir };
      await fidelityCase.prepare?.(ctx);
      const showing = {
        fidelityCase,
        argv: sizedCommand(fidelityCase.cols, fidelityCase.rows, fidelityCase.command(ctx), fidelityCase.env),
        cwd: fidelityCase.cwd?.(ctx) ?? workDir,
      };
      const [direct, muxed] = await Promise.all([showDirect(showing, host.env), host.show(showing)]);
      const compareOptions: CompareOptions = { ignore: options.excuse?.(fidelityCase), glyphForm: options.glyphForm };
      const comparison = compareScreens(direct, muxed, compareOptions);
      if (!comparison.ok) {
        const diff = formatDiff(direct, muxed, comparison, { expected: 'direct', actual: host.label }, compareOptions);
        expect.fail(`${host.label} shows '${fidelityCase.name}' (${fidelityCase.cols}x${fidelityCase.rows}) differently:\n${diff}`);
      }
    }, CASE_TIMEOUT_MS);
  });
}
