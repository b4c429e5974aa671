// The handover of a frozen server (old side): which inherited descriptor is which PTY, then the
// message: every open workspace with its record, size and variables, every pane with its screen.

import { FIRST_HANDED_FD, HANDOVER_VERSION, type HandoverMessage, type HandoverWorkspace } from '../../protocol/handover.js';
import type { PtyHandover } from '../../pty/ptyProcess.js';
import type { Pane } from '../panes/pane.js';
import { snapshotRecord } from '../records/snapshot.js';
import type { Workspace } from '../workspaces/workspace.js';
import { describePane } from './paneState.js';

export interface HandedDescriptors {
  /** This process's descriptors, in the order the new server inherits them from FIRST_HANDED_FD: the socket, then each PTY. */
  descriptors: number[];
  /** Each moving PTY by pane id, and the descriptor the new server has it as. */
  ptys: Map<number, { pty: PtyHandover; fd: number }>;
}

/** The socket and the PTY of each pane whose program runs, numbered as the new server inherits them. */
export function handedDescriptors(panes: Pane[], listenFd: number): HandedDescriptors {
  const descriptors = [listenFd];
  const ptys = new Map<number, { pty: PtyHandover; fd: number }>();
  for (const pane of panes) {
    const pty = pane.handover;
    if (!pty) continue;
    ptys.set(pane.id, { pty, fd: FIRST_HANDED_FD + descriptors.length });
    descriptors.push(pty.fd);
  }
  return { descriptors, ptys };
}

export interface HandoverOrigin {
  version: string;
  protocol: number;
  pid: number;
  nextEventSeq: number;
}

/**
 * `workspaces`: the open ones in the server's order; `recent`: their names, most recently used first.
 * A pane whose program ended since its PTY was numbered is described as ended.
 */
export function describeHandover(workspaces: Workspace[], recent: string[], origin: HandoverOrigin, handed: HandedDescriptors): HandoverMessage {
  const described: HandoverWorkspace[] = workspaces.map((workspace) => ({
    record: snapshotRecord(workspace),
    cols: workspace.size.cols,
    rows: workspace.size.rows,
    env: { ...workspace.env },
    synced: [...workspace.synced],
    focusHistory: workspace.focusHistory,
    panes: workspace.orderedPanes().map((pane) => describePane(pane, pane.isLive ? handed.ptys.get(pane.id)?.fd : undefined)),
  }));
  return {
    t: 'handover',
    version: HANDOVER_VERSION,
    from: { version: origin.version, protocol: origin.protocol, pid: origin.pid },
    listenFd: FIRST_HANDED_FD,
    workspaces: described,
    recent,
    nextEventSeq: origin.nextEventSeq,
  };
}
