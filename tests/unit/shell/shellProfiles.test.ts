// The add-pane dialog lists the default shell and every known shell, marking the ones that cannot start here.

import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellProfiles } from '../../../src/shell/shellProfiles.js';
import { fakeBinaryFs } from './fakeBinaryFs.js';

const CONFIG = '/home/me/.config/tessera';

describe('shellProfiles', () => {
  it('lists the default first, then bash, zsh, fish, nu, xonsh, pwsh, sh, keeping unavailable ones', () => {
    const files = fakeBinaryFs().program('/bin/sh').program('/bin/bash').program('/usr/bin/zsh');
    const profiles = shellProfiles({}, { env: { PATH: '/usr/bin:/bin', SHELL: '/usr/bin/zsh' }, configDir: CONFIG, fs: files });
    expect(profiles.map((p) => [p.id, p.available])).toEqual([
      ['default', true],
      ['bash', true],
      ['zsh', true],
      ['fish', false],
      ['nu', false],
      ['xonsh', false],
      ['pwsh', false],
      ['sh', true],
    ]);
    expect(profiles[0]).toEqual({ id: 'default', label: 'Default shell (zsh)', shell: undefined, available: true });
    expect(profiles[3]).toMatchObject({ id: 'fish', shell: 'fish', unavailableReason: expect.stringContaining('fish was not found in PATH') });
  });

  it('follows the workspace and settings defaults, and a pinned shell counts as available', () => {
    const files = fakeBinaryFs().program('/bin/sh').program('/usr/bin/fish').file(`${CONFIG}/bin/nu`, '/opt/nu/nu').program('/opt/nu/nu');
    const profiles = shellProfiles({ workspace: 'fish -l', settings: 'bash' }, { env: { PATH: '/usr/bin:/bin' }, configDir: CONFIG, fs: files });
    expect(profiles[0]).toMatchObject({ label: 'Default shell (fish)', available: true });
    expect(profiles.find((p) => p.id === 'nu')).toMatchObject({ available: true, label: 'Nushell (nu)' });
  });

  it('marks the default unavailable, with the reason, when its level is broken', () => {
    const files = fakeBinaryFs().program('/bin/sh');
    const [fallback] = shellProfiles({ settings: 'tcsh' }, { env: { PATH: '/bin' }, configDir: CONFIG, fs: files });
    expect(fallback).toMatchObject({ id: 'default', label: 'Default shell', available: false, unavailableReason: expect.stringContaining('tcsh was not found') });
  });
});

describe('shellProfiles on the real filesystem', () => {
  it('finds sh on this machine and lists all eight profiles', () => {
    const profiles = shellProfiles({}, { env: { PATH: '/usr/bin:/bin' }, configDir: path.join(os.tmpdir(), 'tessera-no-such-config') });
    expect(profiles).toHaveLength(8);
    expect(profiles.find((p) => p.id === 'sh')?.available).toBe(true);
    expect(profiles[0]).toMatchObject({ id: 'default', available: true });
  });
});
