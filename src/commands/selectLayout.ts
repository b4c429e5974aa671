// tessera select-layout: lay a workspace's panes out as one of the presets.

import { UsageError } from './argParser.js';
import type { LayoutPreset } from '../mosaic/presets.js';
import { InvalidInput, optStr } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface SelectLayoutArgs {
  pane?: string;
  /** Left out: the preset after the one chosen last. */
  layout?: LayoutPreset;
}

/** The presets by name, in the order the cycling key goes through them (the mosaic's type checks the list). */
export const LAYOUT_NAMES: readonly LayoutPreset[] = ['even-horizontal', 'even-vertical', 'main-vertical', 'main-horizontal', 'tiled'];
const NAMES = LAYOUT_NAMES.join(', ');

function isLayoutPreset(name: string): name is LayoutPreset {
  return (LAYOUT_NAMES as readonly string[]).includes(name);
}

export const selectLayout = defineCommand<SelectLayoutArgs, { layout: LayoutPreset }>({
  name: 'select-layout',
  summary: 'arrange the panes of a workspace as a preset layout (or the next one)',
  usage: `tessera select-layout [-t PANE] [LAYOUT]

  Arranges every pane of the workspace (of the pane -t; default the one you typed this in, else
  the one used last) as LAYOUT; without one, as the layout after the one chosen last, so running it
  again cycles through them. Layouts:
    even-horizontal   all panes side by side, equal widths
    even-vertical     all panes stacked, equal heights
    main-vertical     the focused pane large on the left, the others stacked on the right
    main-horizontal   the focused pane large on top, the others side by side below
    tiled             a grid of equal panes
  Refused when the panes would not all fit at that layout.`,
  flags: [targetPaneFlag],
  maxPositionals: 1,
  fromCli(args) {
    const layout = args.positionals[0];
    if (layout !== undefined && !isLayoutPreset(layout)) throw new UsageError(`unknown layout '${layout}': use one of ${NAMES}`);
    return { pane: paneTargetFlag(args), layout };
  },
  parse(fields) {
    const layout = optStr(fields.layout, 'layout', 64);
    if (layout !== undefined && !isLayoutPreset(layout)) throw new InvalidInput(`layout: '${layout}' is none of ${NAMES}`);
    return { pane: parsePaneTarget(fields.pane), layout };
  },
  print: (result, _args, out) => out.out(`layout: ${result.layout}\n`),
});
