// The handover message of a frozen server (old side): every open workspace with its record, size and
// variables, every pane with its screen, and which inherited descriptor is which PTY.

import { FIRST_HANDED_FD, HANDOVER_VERSION, type HandoverMessage, type HandoverWorkspace } from '../../protocol/handover.js';
import type { PtyHandover } from '../../pty/ptyProcess.js';
import { snapshotRecord } from '../records/snapshot.js';
import type { Workspace } from '../workspace.js';
import { describePane } from './paneState.js';

export interface CollectedHandover {
  message: HandoverMessage;
  /** This process's descriptors, in the order the new server inherits them from FIRST_HANDED_FD: the socket, then each PTY. */
  descriptors: number[];
  /** Each moving PTY by pane id. */
  ptys: Map<number, PtyHandover>;
}

export interface HandoverOrigin {
  version: string;
  protocol: number;
  pid: number;
  listenFd: number;
  nextEventSeq: number;
}

/** `workspaces`: the open ones in the server's order; `recent`: their names, most recently used first. */
export function collectHandover(workspaces: Workspace[], recent: string[], origin: HandoverOrigin): CollectedHandover {
  const descriptors = [origin.listenFd];
  const ptys = new Map<number, PtyHandover>();
  const described: HandoverWorkspace[] = workspaces.map((workspace) => ({
    record: snapshotRecord(workspace),
    cols: workspace.size.cols,
    rows: workspace.size.rows,
    env: { ...workspace.env },
    synced: [...workspace.synced],
    focusHistory: workspace.focusHistory,
    panes: workspace.orderedPanes().map((pane) => {
      const pty = pane.handover;
      if (!pty) return describePane(pane, undefined);
      ptys.set(pane.id, pty);
      descriptors.push(pty.fd);
      return describePane(pane, FIRST_HANDED_FD + descriptors.length - 1);
    }),
  }));
  const message: HandoverMessage = {
    t: 'handover',
    version: HANDOVER_VERSION,
    from: { version: origin.version, protocol: origin.protocol, pid: origin.pid },
    listenFd: FIRST_HANDED_FD,
    workspaces: described,
    recent,
    nextEventSeq: origin.nextEventSeq,
  };
  return { message, descriptors, ptys };
}
