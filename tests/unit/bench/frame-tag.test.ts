import { describe, expect, it } from 'vitest';
import { findFrameTags, formatFrameTag } from '../../../bench/workloads/frame-tag.js';

describe('frame tags', () => {
  it('are read back from the screen as they were drawn', () => {
    const lines = [`│⠋ Working… ${formatFrameTag(2, 123)}  1,234 tokens │ ${formatFrameTag(3, 7)}`, 'no tag here'];
    expect(findFrameTags(lines)).toEqual([
      { pane: 2, frame: 123 },
      { pane: 3, frame: 7 },
    ]);
  });

  it('are not confused with the command line that starts the workload', () => {
    expect(findFrameTags(['tbench$ node agent-tui.js --pane 2 --seconds 7'])).toEqual([]);
  });
});
