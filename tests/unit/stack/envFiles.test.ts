// Per-workspace .env files: seeded from the source repository's, named keys rewritten for the
// workspace, named keys kept from the workspace's own file, never written through a symbolic link.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expand, seedEnvFiles, seededEnv } from '../../../src/server/stack/envFiles.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-envfiles-');
const vars = { TESSERA_PORT_WEB: '3003', TESSERA_DB_NAME: 'app_w3' };

describe('seededEnv', () => {
  it('rewrites named keys, keeps preserved ones from the workspace, adds rewritten keys the source lacks', () => {
    expect(expand('postgres://h/${TESSERA_DB_NAME}?x=${HOME}', vars)).toBe('postgres://h/app_w3?x=${HOME}');
    const source = '# app\nPORT=3000\nSECRET=example\nexport OTHER=1\n';
    const spec = { rewrite: { PORT: '${TESSERA_PORT_WEB}', DATABASE_URL: 'postgres://h/${TESSERA_DB_NAME}' }, preserve: ['SECRET'] };
    expect(seededEnv(source, undefined, spec, vars)).toBe('# app\nPORT=3003\nSECRET=example\nexport OTHER=1\nDATABASE_URL=postgres://h/app_w3\n');
    expect(seededEnv(source, 'SECRET=mine\nPORT=1\n', spec, vars)).toBe('# app\nPORT=3003\nSECRET=mine\nexport OTHER=1\nDATABASE_URL=postgres://h/app_w3\n');
  });
});

describe('seedEnvFiles', () => {
  it('writes the workspace file from the source repository, and never through a link', () => {
    const repo = tmp.dir();
    const ws = tmp.dir();
    fs.writeFileSync(path.join(repo, '.env'), 'PORT=3000\n');
    expect(seedEnvFiles([{ path: '.env', rewrite: { PORT: '${TESSERA_PORT_WEB}' }, preserve: [] }], repo, ws, vars)).toEqual([]);
    expect(fs.readFileSync(path.join(ws, '.env'), 'utf8')).toBe('PORT=3003\n');
    const elsewhere = path.join(tmp.dir(), 'target');
    fs.writeFileSync(elsewhere, 'untouched');
    fs.rmSync(path.join(ws, '.env'));
    fs.symlinkSync(elsewhere, path.join(ws, '.env'));
    expect(seedEnvFiles([{ path: '.env', rewrite: { PORT: '1' }, preserve: [] }], repo, ws, vars)).toEqual(['.env not seeded: in the workspace it is a symbolic link, never written through']);
    expect(fs.readFileSync(elsewhere, 'utf8')).toBe('untouched');
  });
});
