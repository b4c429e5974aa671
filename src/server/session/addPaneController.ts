// Runs the "add a pane" dialog for one client: opens it with fresh rows, feeds it keys, and turns
// its choice into a launch request for the pane factory.

import type { AddPaneResult } from '../../app/addPane/model.js';
import { addPaneRect } from '../../app/addPane/geometry.js';
import { initialAddPaneState, pasteIntoSearch, reduceAddPane } from '../../app/addPane/reducer.js';
import type { Overlay } from '../../app/chromeModel.js';
import type { ShellProfile } from '../../shell/shellProfiles.js';
import type { KeyToken } from '../../term/keys/decode.js';
import type { LaunchRequest } from '../panes/launchPlan.js';
import { addPaneRows, type RowContext } from './addPaneRows.js';

export type DialogOverlay = Extract<Overlay, { kind: 'add-pane' }>;

export type DialogStep =
  | { overlay: DialogOverlay }
  | { close: true }
  | { message: string; overlay: DialogOverlay }
  | { launch: LaunchRequest; side: 'right' | 'down' };

export class AddPaneController {
  private shells: ShellProfile[] = [];

  constructor(private readonly context: () => RowContext) {}

  open(cols: number, rows: number): DialogOverlay {
    const { rows: offered, shells } = addPaneRows(this.context());
    this.shells = shells;
    return { kind: 'add-pane', state: initialAddPaneState(offered), rect: addPaneRect(cols, rows, offered) };
  }

  key(overlay: DialogOverlay, token: KeyToken): DialogStep {
    let step;
    if (token.kind === 'paste' && token.paste !== undefined) step = pasteIntoSearch(overlay.state, token.paste);
    else if (token.kind === 'key' && token.key) step = reduceAddPane(overlay.state, token.key);
    else return { overlay };
    const next: DialogOverlay = { ...overlay, state: step.state };
    const outcome = step.outcome;
    if (!outcome) return { overlay: next };
    if ('close' in outcome) return { close: true };
    if ('message' in outcome) return { message: outcome.message, overlay: next };
    return { launch: this.launchRequest(outcome.launch), side: outcome.launch.side };
  }

  private launchRequest(result: AddPaneResult): LaunchRequest {
    if (result.kind === 'agent') return { agent: { kind: result.agent, model: result.model, effort: result.effort } };
    const profile = this.shells.find((p) => p.id === result.shellProfile);
    return { shell: profile?.shell };
  }
}
