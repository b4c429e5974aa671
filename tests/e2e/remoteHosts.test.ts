// Other machines through a real sshd (tests/helpers/testSshd.ts): two "hosts" are two aliases of one
// local sshd, each with its own tessera server. Skipped, with the reason, where sshd cannot run.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESSERA_BIN } from '../helpers/outerTerminal.js';
import { TestSshd, sshdSkipReason } from '../helpers/testSshd.js';

const skip = sshdSkipReason();
if (skip) console.warn(`remoteHosts tests skipped: ${skip}`);

/** A command through ssh starts a node (and maybe a server) there: generous on a loaded machine. */
const REMOTE_TIMEOUT_MS = 90_000;

let root: string;
let sshd: TestSshd;

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: REMOTE_TIMEOUT_MS }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe.skipIf(skip !== undefined)('a real sshd with two hosts', () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-remote-'));
    sshd = await TestSshd.start(root, ['build1', 'build2']);
  }, REMOTE_TIMEOUT_MS);

  afterAll(async () => {
    await sshd?.stop();
    for (const host of Object.values(sshd?.hosts ?? {})) await run(process.execPath, [TESSERA_BIN, 'kill-server'], { ...process.env, ...host.env });
    fs.rmSync(root, { recursive: true, force: true });
  }, REMOTE_TIMEOUT_MS);

  it('reaches each alias with its own tessera directories, and tessera on the PATH there', async () => {
    for (const alias of ['build1', 'build2']) {
      const result = await run('ssh', ['-o', 'BatchMode=yes', ...sshd.sshArgs(alias), 'echo $TESSERA_STATE_DIR; tessera --version'], process.env);
      expect(result.code).toBe(0);
      const [stateDir, version] = result.stdout.trim().split('\n');
      expect(stateDir).toBe(sshd.hosts[alias].env.TESSERA_STATE_DIR);
      expect(version).toMatch(/^tessera \S+ \(protocol \d+\)$/);
    }
  }, REMOTE_TIMEOUT_MS);
});
