// Temp folders for one agent run, removed as a whole.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export async function makeTempDir(label: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `tessera-agents-${label}-`));
}

export async function removeTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
}
