// Reading settings values of unknown shape, with errors that name the exact place (`customAgents[0].args[2]`).

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

export const fail = (where: string, what: string): { ok: false; message: string } => ({ ok: false, message: `${where} ${what}` });

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string of at most `max` characters with no control characters. */
export function readString(value: unknown, where: string, max: number): Read<string> {
  if (typeof value !== 'string') return fail(where, 'must be a string');
  if (value.length > max) return fail(where, `is longer than ${max} characters`);
  if (/[\x00-\x1f\x7f-\x9f]/.test(value)) return fail(where, 'must not contain control characters');
  return { ok: true, value };
}

/** An optional list of strings (missing → empty), each read with `readString`. */
export function readStringList(value: unknown, where: string, limits: { items: number; length: number }): Read<string[]> {
  if (value === undefined) return { ok: true, value: [] };
  if (!Array.isArray(value)) return fail(where, 'must be a list of strings');
  if (value.length > limits.items) return fail(where, `has more than ${limits.items} entries`);
  const items: string[] = [];
  for (const [index, item] of value.entries()) {
    const read = readString(item, `${where}[${index}]`, limits.length);
    if (!read.ok) return read;
    items.push(read.value);
  }
  return { ok: true, value: items };
}

/** Refuses keys other than `known`, so a misspelt setting is reported instead of silently doing nothing. */
export function unknownKey(
  record: Record<string, unknown>,
  known: readonly string[],
  where: string,
): { ok: false; message: string } | undefined {
  const extra = Object.keys(record).find((key) => !known.includes(key));
  return extra === undefined ? undefined : fail(where, `has an unknown field '${extra}' (known: ${known.join(', ')})`);
}
