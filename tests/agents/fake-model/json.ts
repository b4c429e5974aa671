// Narrowing helpers for request bodies, which arrive as `unknown` JSON.

export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const records = (value: unknown): JsonRecord[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** True when the request offers the model at least one tool (the main turn, not a side request). */
export const offersTools = (value: unknown): boolean => Array.isArray(value) && value.length > 0;
