// The fidelity harness checked against tmux: if the harness is sound, a mature multiplexer passes
// the same cases (where tmux itself renders differently, the aspect is excused with the reason).

import { describe, it } from 'vitest';
import { findProgram } from './cases.js';
import { TmuxHost } from './hosts.js';
import { defineFidelitySuite } from './suite.js';

const tmux = findProgram('tmux');

if (tmux !== undefined) {
  describe('fidelity baseline: tmux pane vs direct terminal', () => {
    defineFidelitySuite(() => new TmuxHost(tmux), { excuse: (fidelityCase) => fidelityCase.tmuxDiffers });
  });
} else {
  describe('fidelity baseline: tmux pane vs direct terminal', () => {
    it.skip('skipped: tmux is not installed (apt-get install tmux)', () => {});
  });
}
