import { describe, expect, it } from 'vitest';
import { parseSettingsText } from '../../../src/store/settings.js';

const parse = (settings: object) => parseSettingsText(JSON.stringify(settings));

describe('the hosts setting', () => {
  it('takes an ssh destination or alias, or an object naming the tessera and server there', () => {
    const result = parse({ hosts: { build1: 'me@build1.example', gpu: { ssh: 'gpu-box', tessera: '~/.local/bin/tessera', server: 'work' } } });
    expect(result.ok && result.settings.hosts).toEqual({
      build1: { ssh: 'me@build1.example', tessera: 'tessera', server: '' },
      gpu: { ssh: 'gpu-box', tessera: '~/.local/bin/tessera', server: 'work' },
    });
    expect(parse({}).ok && (parse({}) as { settings: { hosts: object; sshCommand: string[] } }).settings).toMatchObject({ hosts: {}, sshCommand: ['ssh'] });
  });

  it('refuses names that would not read as one host, and destinations ssh would read as an option', () => {
    const wrong: [object, RegExp][] = [
      [{ 'build:1': 'h' }, /'build:1' must be letters/],
      [{ 'a.b': 'h' }, /'a.b' must be letters/],
      [{ '': 'h' }, /must be letters/],
      [{ build1: '-oProxyCommand=touch /tmp/x' }, /not starting with '-'/],
      [{ build1: 'me@host extra' }, /no spaces/],
      [{ build1: 'host\u001b[2J' }, /ssh destination/],
      [{ build1: '' }, /ssh destination/],
      [{ build1: { ssh: 'h', tessera: '-x' } }, /tessera must be the tessera command/],
      [{ build1: { ssh: 'h', tessera: 'tessera; reboot' } }, /tessera must be the tessera command/],
      [{ build1: { ssh: 'h', server: '../x' } }, /server must be a server name/],
      [{ build1: { ssh: 'h', port: 22 } }, /unknown field 'port'/],
      [{ build1: 42 }, /must be an object/],
      [{ a: 'me@h', b: 'me@h' }, /'b' and 'a' name the same machine and server/],
    ];
    for (const [hosts, message] of wrong) {
      const result = parse({ hosts });
      expect(result.ok, JSON.stringify(hosts)).toBe(false);
      if (!result.ok) expect(result.error).toMatch(message);
    }
    // The same machine twice is fine when each name reaches another server there.
    expect(parse({ hosts: { a: 'me@h', b: { ssh: 'me@h', server: 'work' } } }).ok).toBe(true);
  });

  it('takes sshCommand as a program and its options, never a shell line', () => {
    const result = parse({ sshCommand: ['ssh', '-F', '/home/me/.ssh/work_config'] });
    expect(result.ok && result.settings.sshCommand).toEqual(['ssh', '-F', '/home/me/.ssh/work_config']);
    expect(parse({ sshCommand: [] }).ok).toBe(false);
    expect(parse({ sshCommand: 'ssh -F x' }).ok).toBe(false);
    expect(parse({ sshCommand: ['ssh', 'a\nb'] }).ok).toBe(false);
  });
});
