// Saving real agent screens as JSON so detector unit tests can run without the CLIs.

import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AgentScreen } from '../../../src/agents/screen.js';
import type { AgentKind } from './kind.js';

export const RECORDINGS_DIR = fileURLToPath(new URL('../recordings/', import.meta.url));

/** Recordings are rewritten only on request, so an ordinary run leaves the tree clean (screens hold temp paths and clock times). */
export const RECORDING_ENABLED = process.env.TESSERA_RECORD_AGENTS === '1';

export type RecordedState = 'starting' | 'idle' | 'running' | 'approval' | 'after-allow' | 'after-deny' | 'after-abort';

export interface Recording extends AgentScreen {
  kind: AgentKind;
  state: RecordedState;
  /** The CLI version the screen came from (see tests/agents/package.json). */
  version: string;
  cols: number;
  rows: number;
}

export function recordingPath(kind: AgentKind, state: RecordedState): string {
  return `${RECORDINGS_DIR}${kind}-${state}.json`;
}

export function saveRecording(recording: Recording): void {
  if (!RECORDING_ENABLED) return;
  mkdirSync(RECORDINGS_DIR, { recursive: true });
  writeFileSync(recordingPath(recording.kind, recording.state), `${JSON.stringify(recording, null, 2)}\n`);
}
