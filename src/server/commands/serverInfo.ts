// server-info: pid, socket, version, attached clients, memory, and (on request) the event-loop delay.

import { serverInfo as definition } from '../../commands/serverInfo.js';
import { PROTOCOL_VERSION } from '../../protocol/messages.js';
import { memoryReport } from '../process/memoryReport.js';
import { implement } from './command.js';

export const serverInfo = implement(definition, (args, ctx) => ({
  pid: process.pid,
  socketPath: ctx.socketPath,
  version: ctx.version,
  protocol: PROTOCOL_VERSION,
  ...(ctx.takenOver ? { takenOver: ctx.takenOver } : {}),
  crashSweep: ctx.crashSweep ?? null,
  clients: [...ctx.clients].map((client) => client.info()),
  memory: memoryReport(ctx.registry.list().flatMap((workspace) => [...workspace.panes.values()].map((pane) => pane.emulator))),
  ...(ctx.notifications ? { notifications: ctx.notifications() } : {}),
  radar: { watching: ctx.radar.polling },
  ...(ctx.hostLinks ? { hostLinks: ctx.hostLinks() } : {}),
  ...(args.loopDelay ? { loopDelay: ctx.loopDelay.takeAndRestart() } : {}),
  answerLog: { file: ctx.answers.file, ...(ctx.answers.problem ? { problem: ctx.answers.problem } : {}) },
}));
