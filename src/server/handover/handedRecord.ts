// A workspace record inside a handover: read as a record file is, with the migrations from older
// versions (the old server writes its own version's shape), and refused whole if it does not parse.

import { migrateRecord } from '../../store/recordMigrations.js';
import { parseWorkspaceRecord, type WorkspaceRecord } from '../../store/workspaceRecord.js';

export function readHandedRecord(value: unknown): WorkspaceRecord {
  return parseWorkspaceRecord(migrateRecord(value));
}
