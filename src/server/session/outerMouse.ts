// Which mouse reports one client's terminal sends: none (setting `mouse` off), presses and drags
// (tessera's own needs), or every motion while a pane on screen asked for it (DECSET 1003: hover
// effects in TUIs), back to presses and drags when none does (it exited, or closed, or reset it).

import { MOUSE_ANY_MOTION_ON, MOUSE_OFF, MOUSE_ON } from '../../term/mouseModes.js';
import type { Workspace } from '../workspaces/workspace.js';

export type OuterMouseMode = 'off' | 'buttons' | 'any-motion';

/** The mode a client showing `workspace` needs. */
export function outerMouseMode(enabled: boolean, workspace: Workspace): OuterMouseMode {
  if (!enabled) return 'off';
  for (const id of workspace.layout.panes.keys()) {
    const pane = workspace.panes.get(id);
    if (pane?.isLive && pane.emulator.mouseTracking.tracking === 'any') return 'any-motion';
  }
  return 'buttons';
}

export class OuterMouse {
  private mode: OuterMouseMode | undefined;

  constructor(private readonly send: (bytes: string) => void) {}

  /** Sends what changes the terminal to `mode`; nothing when it is there already (unless `force`). */
  set(mode: OuterMouseMode, force = false): void {
    if (mode === this.mode && !force) return;
    const was = this.mode;
    this.mode = mode;
    if (mode === 'off') this.send(MOUSE_OFF);
    else if (mode === 'any-motion') this.send(MOUSE_ANY_MOTION_ON);
    // Resetting 1003 leaves no tracking at all: 1002 is asked for again after it.
    else this.send(was === 'any-motion' ? `\x1b[?1003l${MOUSE_ON}` : MOUSE_ON);
  }
}
