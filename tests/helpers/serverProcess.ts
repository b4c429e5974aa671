// The sandbox's server as a process: ended with kill -9, as a crash or the OOM killer would.

import { eventually, type TesseraSandbox } from './outerTerminal.js';
import { serverPid } from './terminalFds.js';

/** SIGKILL to the sandbox's server, then waits until it is gone. */
export async function killServerHard(sandbox: TesseraSandbox): Promise<void> {
  const pid = await serverPid(sandbox);
  process.kill(pid, 'SIGKILL');
  await eventually(
    () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    },
    (alive) => !alive,
  );
}
