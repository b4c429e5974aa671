// The version tessera reports is the package's, and the changelog has an entry for it.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../../src/version.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('the version', () => {
  it('is the one in package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });

  it('has its entry in CHANGELOG.md', () => {
    const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(new RegExp(`^## ${VERSION.replace(/\./g, '\\.')}$`, 'm'));
  });
});
