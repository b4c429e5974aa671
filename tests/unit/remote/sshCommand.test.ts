import { describe, expect, it } from 'vitest';
import { remoteCommand, shellWord, sshInvocation, type HostTarget } from '../../../src/remote/sshCommand.js';

const target = (over: Partial<HostTarget> = {}, entry: Partial<HostTarget['entry']> = {}): HostTarget => ({
  name: 'build1',
  entry: { ssh: 'me@build1.example', tessera: 'tessera', server: '', ...entry },
  sshCommand: ['ssh'],
  controlDir: '/tmp/tessera-1000',
  env: {},
  ...over,
});

describe('the ssh command line', () => {
  it('never lets ssh ask (BatchMode before the user options), and ends options before the destination', () => {
    const { file, args } = sshInvocation(target({ sshCommand: ['ssh', '-F', '/home/me/.ssh/work', '-o', 'BatchMode=no'] }), ['serve', '--stdio']);
    expect(file).toBe('ssh');
    expect(args.slice(0, 2)).toEqual(['-o', 'BatchMode=yes']);
    expect(args.indexOf('BatchMode=no')).toBeGreaterThan(args.indexOf('BatchMode=yes'));
    expect(args.slice(-3)).toEqual(['--', 'me@build1.example', 'tessera serve --stdio']);
    expect(args).toContain('-T');
    expect(args).toEqual(expect.arrayContaining(['ServerAliveInterval=5', 'ServerAliveCountMax=3']));
  });

  it("shares one connection per host in tessera's private directory, unless its path is too long for a socket", () => {
    expect(sshInvocation(target(), []).args).toEqual(expect.arrayContaining(['ControlMaster=auto', 'ControlPath=/tmp/tessera-1000/ssh-%C']));
    expect(sshInvocation(target({ controlDir: `/tmp/${'x'.repeat(60)}` }), []).args.join(' ')).not.toContain('Control');
    expect(sshInvocation(target({ controlDir: undefined }), []).args.join(' ')).not.toContain('Control');
  });

  it("quotes what the host's shell reads, keeping a leading ~/ for it to expand", () => {
    expect(remoteCommand({ ssh: 'h', tessera: '~/.local/bin/tessera', server: 'work' }, ['serve', '--stdio'])).toBe('~/.local/bin/tessera -L work serve --stdio');
    expect(remoteCommand({ ssh: 'h', tessera: "/opt/it's/tessera", server: '' }, ['serve'])).toBe(`'/opt/it'\\''s/tessera' serve`);
    expect(shellWord('$(reboot)')).toBe(`'$(reboot)'`);
    expect(shellWord('a;b')).toBe(`'a;b'`);
  });
});
