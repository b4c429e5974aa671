// The build makes its bundles pure ASCII (V8 then keeps their source one byte a character): what
// it escapes still means the same, and what it cannot escape safely stops the build.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeNonAscii } from '../../../scripts/asciiOnly.mjs';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ascii-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const escaped = (source: string): string => {
  const file = path.join(dir, 'bundle.js');
  fs.writeFileSync(file, source);
  (escapeNonAscii as (file: string) => void)(file);
  return fs.readFileSync(file, 'utf8');
};

describe('escapeNonAscii', () => {
  it('escapes comments and regular expressions, which still match the same text', () => {
    const source = ['// a comment → with an arrow', 'const box = /^[\\s│┃]+$/u;', 'const logo = /█▀👍/;', 'result = [box.test(" │┃ "), logo.test("█▀👍"), /^👍$/u.test("👍")];'].join('\n');
    const out = escaped(source);
    expect(out).toMatch(/^[\x00-\x7f]*$/u);
    expect(out).toContain('\\u2192');
    const context = { result: [] as boolean[] };
    vm.runInNewContext(out, context);
    expect(context.result).toEqual([true, true, true]);
  });

  it('leaves an ASCII file as it was', () => {
    expect(escaped('const a = "x";\n')).toBe('const a = "x";\n');
  });

  it('refuses a character after a backslash or in what may be a tagged template', () => {
    expect(() => escaped('const a = /\\→/;')).toThrow(/cannot be escaped safely/u);
    expect(() => escaped('const a = String.raw`→`;')).toThrow(/cannot be escaped safely/u);
  });
});
