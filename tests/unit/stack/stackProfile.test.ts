// The stack profile: every problem reported at once; names, folders and numbers checked; the stack's
// commands are part of what a project file's approval covers.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkProfileFile } from '../../../src/cli/commands/profileCheck.js';
import { readProjectFile } from '../../../src/store/projectFile.js';
import { checkStackProfile } from '../../../src/store/stackProfile.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-stack-');

describe('checkStackProfile', () => {
  it('reads a good profile', () => {
    const checked = checkStackProfile({ ports: { web: 3000 }, services: { web: { command: 'node server.js', cwd: 'app/', port: 'web' } }, hooks: { health: 'curl -f localhost' }, healthTimeoutSeconds: 5 });
    expect(checked.problems).toEqual([]);
    expect(checked.profile).toMatchObject({ ports: { web: 3000 }, services: [{ name: 'web', command: 'node server.js', cwd: 'app', port: 'web' }], hooks: { health: 'curl -f localhost' }, healthTimeoutMs: 5000, maxSlots: 50 });
  });

  it('reports every problem, not the first', () => {
    const checked = checkStackProfile({
      port: 1,
      ports: { 'bad name': 3000, web: 80 },
      services: { api: { command: '', cwd: '../outside', port: 'db', extra: true } },
      hooks: { deploy: 'x', '../../etc/passwd': 'y', boot: 3 },
      maxSlots: 1000,
    });
    expect(checked.profile).toBeUndefined();
    expect(checked.problems).toEqual([
      "stack: unknown key 'port' (known: ports, services, hooks, data, maxSlots, bootTimeoutSeconds, healthTimeoutSeconds, hookTimeoutSeconds)",
      "stack.ports: 'bad name' is not a port name (a letter, then letters, digits or _; at most 32)",
      'stack.ports.web must be a whole number from 1024 to 65000',
      "stack.services.api: unknown key 'extra' (known: command, cwd, port)",
      'stack.services.api.command must be a command (a non-empty string)',
      "stack.services.api.cwd '../outside' is outside the repository",
      'stack.services.api.port must name one of stack.ports (none declared)',
      "stack.hooks: unknown hook 'deploy' (known: bootstrap, boot, health, migrate, seed, ci-gate, e2e, regen, db-create, db-drop)",
      "stack.hooks: unknown hook '../../etc/passwd' (known: bootstrap, boot, health, migrate, seed, ci-gate, e2e, regen, db-create, db-drop)",
      'stack.hooks.boot must be a command (a non-empty string)',
      'stack.maxSlots must be a whole number from 1 to 99',
    ]);
  });
});

describe('the stack in a project file', () => {
  it('is approved with the file: a service script changed in its own folder changes the hash', () => {
    const dir = tmp.dir();
    fs.mkdirSync(path.join(dir, 'app'));
    fs.writeFileSync(path.join(dir, 'app', 'server.js'), 'one');
    fs.writeFileSync(path.join(dir, '.tessera.json'), JSON.stringify({ stack: { services: { web: { command: 'node server.js', cwd: 'app' } } } }));
    const first = readProjectFile(dir);
    if (!('project' in first)) throw new Error('not read');
    expect(first.project.scripts.map((s) => s.name)).toEqual(['app/server.js']);
    fs.writeFileSync(path.join(dir, 'app', 'server.js'), 'two');
    const second = readProjectFile(dir);
    if (!('project' in second)) throw new Error('not read');
    expect(second.project.hash).not.toBe(first.project.hash);
  });

  it('a bad stack makes the whole file unused, with every problem named', () => {
    const dir = tmp.dir();
    fs.writeFileSync(path.join(dir, '.tessera.json'), JSON.stringify({ stack: { hooks: { nope: 'x' }, ports: { web: 'x' } } }));
    expect(readProjectFile(dir)).toEqual({ problem: expect.stringMatching(/is not used: stack.ports.web must be a whole number .*; stack.hooks: unknown hook 'nope'/) });
  });
});

describe('profile check', () => {
  it('adds what the folder and machine lack: a missing or non-executable script, a missing folder, a port in use', () => {
    const dir = tmp.dir();
    fs.writeFileSync(path.join(dir, 'migrate.sh'), '#!/bin/sh\n', { mode: 0o644 });
    const file = path.join(dir, '.tessera.json');
    fs.writeFileSync(file, JSON.stringify({ templates: 3, stack: { ports: { web: 4000 }, services: { web: { command: './serve.sh', cwd: 'web' } }, hooks: { migrate: './migrate.sh', seed: 'sh seed.sh' } } }));
    expect(checkProfileFile(file, () => new Set([4000]))).toEqual([
      'templates must be a list (at most 64)',
      'service web: its folder web does not exist',
      'service web: ./serve.sh does not exist',
      'hook migrate: ./migrate.sh is not executable',
      'hook seed: seed.sh does not exist',
      'port web: its base 4000 is in use (something listens on it)',
    ]);
    fs.writeFileSync(file, JSON.stringify({ stack: { hooks: { migrate: 'sh migrate.sh' } } }));
    expect(checkProfileFile(file, () => new Set())).toEqual([]);
  });
});
