// Stopping a workspace's stack: each recorded service's whole process tree, children first; then, only
// when there was a pid file (so tessera started something here), anything still listening on the
// workspace's recorded ports. A stack that is already down has no pid files: nothing is killed. An
// up under way is ended first (stackLock.ts).

import type { DownResult } from '../../commands/stackResults.js';
import { stopPids, stopService } from './stopService.js';
import { portHolderPids } from './portHolders.js';
import type { StackFiles } from './stackFiles.js';
import { endUpUnderWay } from './stackLock.js';

export async function stackDown(files: StackFiles): Promise<DownResult> {
  // An up under way would go on starting services after this: it is ended first, and waited for.
  const endedUp = await endUpUnderWay(files, 'tessera down stopped it');
  const stopped: DownResult['stopped'] = [];
  const services = files.pidServices();
  await Promise.all(
    services.map(async (name) => {
      const record = files.readPid(name);
      const processes = record ? await stopService(record) : 0;
      files.removePid(name);
      stopped.push({ name, processes });
    }),
  );
  const freedPorts: number[] = [];
  if (services.length > 0) {
    for (const port of Object.values(files.readRuntime()?.ports ?? {})) {
      const pids = portHolderPids(port).filter((pid) => pid !== process.pid);
      if (pids.length === 0) continue;
      await stopPids(pids);
      freedPorts.push(port);
    }
  }
  stopped.sort((a, b) => a.name.localeCompare(b.name));
  return { workspace: files.workspace, stopped, freedPorts, ...(endedUp ? { endedUp } : {}) };
}
