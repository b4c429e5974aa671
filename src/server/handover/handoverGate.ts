// What the running server lets through while an upgrade moves its panes (old side; see handOver.ts):
// the commands running (waited for), new commands (refused: their clients ask again), new
// connections (held unread, then passed on), attached clients' keys and sizes (ignored), and, once
// the new server takes over, a stop that would otherwise end the panes (it ends nothing).

import type net from 'node:net';
import { HANDOVER_BUSY } from '../../protocol/handover.js';
import type { ConnectionControl } from '../connections/connection.js';
import { RefusedError } from '../refusedError.js';
import type { HandingServer } from './handOver.js';

export class HandoverGate {
  /** Where new connections go instead while everything is held. */
  private holding: ((socket: net.Socket) => void) | undefined;
  private refusing = false;
  private given = false;
  private running = 0;
  /** Every connection being handled (those that sent nothing yet are passed on with the others). */
  private readonly connections = new Set<ConnectionControl>();

  constructor(private readonly listener: () => net.Server | undefined) {}

  /** Keys and sizes from attached clients count (they are ignored while the panes are held). */
  get open(): boolean {
    return this.holding === undefined;
  }

  /** The panes are the new server's now: a stop (a signal) must not end them. */
  get panesGiven(): boolean {
    return this.given;
  }

  /** Takes a new connection while everything is held (true), else leaves it to the server. */
  held(socket: net.Socket): boolean {
    if (!this.holding) return false;
    this.holding(socket);
    return true;
  }

  /** A connection the server handles from now on, until it closes. */
  track(control: ConnectionControl, socket: net.Socket): void {
    this.connections.add(control);
    socket.once('close', () => this.connections.delete(control));
  }

  /** Runs a command, refused while an upgrade is under way, counted while it runs (the upgrade waits for the others). */
  async command<T>(run: () => T | Promise<T>, refusable = true): Promise<T> {
    if (refusable && this.refusing) throw new RefusedError(HANDOVER_BUSY);
    this.running++;
    try {
      return await run();
    } finally {
      this.running--;
    }
  }

  /** The part of HandingServer that is the gate's. */
  handing(): Pick<HandingServer, 'commandsRunning' | 'refuseCommands' | 'freeze' | 'letGoOfPanes' | 'thaw' | 'unreadConnections'> {
    return {
      commandsRunning: () => this.running,
      refuseCommands: () => {
        this.refusing = true;
      },
      freeze: (holding) => {
        this.holding = holding;
        // Held connections must not be read: the new server reads them from their first byte.
        pauseOnConnect(this.listener(), true);
      },
      letGoOfPanes: () => {
        this.given = true;
      },
      thaw: () => {
        this.given = false;
        this.refusing = false;
        this.holding = undefined;
        pauseOnConnect(this.listener(), false);
      },
      unreadConnections: () => {
        const unread: net.Socket[] = [];
        for (const control of [...this.connections]) {
          const socket = control.letGoUnread();
          if (!socket) continue;
          this.connections.delete(control);
          unread.push(socket);
        }
        return unread;
      },
    };
  }
}

/** net.Server's option, read at each accept (Node documents it for passing sockets to other processes; its typings lack the property). */
function pauseOnConnect(server: net.Server | undefined, paused: boolean): void {
  if (server) (server as unknown as { pauseOnConnect: boolean }).pauseOnConnect = paused;
}
