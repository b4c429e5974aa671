// Turning records written by older tessera versions into today's shape, one version step at a time.

import { InvalidInput, record } from '../protocol/validate.js';
import { RECORD_VERSION } from './workspaceRecord.js';

/** MIGRATIONS[n] turns a version-n record into version n+1. Version 1 is the first: nothing to migrate yet. */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {};

export class NewerRecordError extends Error {}

/** Brings a parsed JSON value up to RECORD_VERSION; a record from a newer tessera is refused, not damaged. */
export function migrateRecord(value: unknown): unknown {
  let current = { ...record(value, 'the record') };
  const version = current.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw new InvalidInput('version must be a whole number from 1');
  if (version > RECORD_VERSION) throw new NewerRecordError(`written by a newer tessera (record version ${version}, this one reads up to ${RECORD_VERSION})`);
  for (let v = version; v < RECORD_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) throw new InvalidInput(`no migration from record version ${v}`);
    current = { ...step(current), version: v + 1 };
  }
  return current;
}
