// Tiny schema readers for data from outside (socket messages, command arguments, config files).
// Each returns the typed value or throws InvalidInput with a message naming the field.

export class InvalidInput extends Error {}

export type Fields = Record<string, unknown>;

export function record(value: unknown, what: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidInput(`${what} must be an object`);
  return value as Fields;
}

export function str(value: unknown, what: string, maxLength = 4096): string {
  if (typeof value !== 'string') throw new InvalidInput(`${what} must be a string`);
  if (value.length > maxLength) throw new InvalidInput(`${what} is longer than ${maxLength} characters`);
  return value;
}

export function optStr(value: unknown, what: string, maxLength = 4096): string | undefined {
  return value === undefined ? undefined : str(value, what, maxLength);
}

export function int(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new InvalidInput(`${what} must be a whole number`);
  if (value < min || value > max) throw new InvalidInput(`${what} must be between ${min} and ${max}`);
  return value;
}


export function bool(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new InvalidInput(`${what} must be true or false`);
  return value;
}

export function optBool(value: unknown, what: string): boolean | undefined {
  return value === undefined ? undefined : bool(value, what);
}

export function strArray(value: unknown, what: string, maxItems = 256): string[] {
  if (!Array.isArray(value)) throw new InvalidInput(`${what} must be a list of strings`);
  if (value.length > maxItems) throw new InvalidInput(`${what} has more than ${maxItems} items`);
  return value.map((item, i) => str(item, `${what}[${i}]`));
}

export function optStrArray(value: unknown, what: string, maxItems = 256): string[] | undefined {
  return value === undefined ? undefined : strArray(value, what, maxItems);
}

export function oneOf<T extends string>(value: unknown, what: string, options: readonly T[]): T {
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
    throw new InvalidInput(`${what} must be one of ${options.join(', ')}`);
  }
  return value as T;
}
