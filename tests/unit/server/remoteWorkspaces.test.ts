import { describe, expect, it } from 'vitest';
import { remoteWorkspaces } from '../../../src/server/hosts/remoteWorkspaces.js';

const ws = (fields: Record<string, unknown>) => ({ name: 'w', path: '/p', state: 'open', needsYou: 0, base: null, diff: null, branchDiff: null, merged: false, ...fields });

describe("a host's workspaces, read as untrusted", () => {
  it('takes the dot from its panes, the diff from its branch when it has a base, sorted by name', () => {
    const ls = { workspaces: [ws({ name: 'b', base: 'main', branchDiff: { added: 3, removed: 1 }, diff: { added: 9, removed: 9 } }), ws({ name: 'a', diff: { added: 2, removed: 0 } }), ws({ name: 'c', state: 'dormant' })] };
    const panes = [{ workspace: 'a', status: 'running', attention: false }, { workspace: 'b', status: 'error', attention: false }];
    expect(remoteWorkspaces(ls, panes)).toEqual([
      { name: 'a', path: '/p', state: 'running', needsYou: 0, diff: { added: 2, removed: 0 }, merged: false },
      { name: 'b', path: '/p', state: 'error', needsYou: 0, diff: { added: 3, removed: 1 }, merged: false },
      { name: 'c', path: '/p', state: 'dormant', needsYou: 0, diff: undefined, merged: false },
    ]);
  });

  it('shows a need-you count as needs-you, and control characters of names and paths as marks', () => {
    const [w] = remoteWorkspaces({ workspaces: [ws({ name: 'x\x1b[2Jy', path: '/a\nb', needsYou: 2 })] }, []) ?? [];
    expect(w.state).toBe('needs-you');
    expect(w.name).not.toMatch(/[\x00-\x1f]/);
    expect(w.path).not.toMatch(/[\x00-\x1f]/);
  });

  it('refuses what is not a workspace list, and ignores counts that are not counts', () => {
    expect(remoteWorkspaces('nonsense', [])).toBeUndefined();
    expect(remoteWorkspaces({ workspaces: [{ name: 3 }] }, [])).toBeUndefined();
    const [w] = remoteWorkspaces({ workspaces: [ws({ needsYou: -4, diff: { added: 'many', removed: 1 } })] }, 'garbage') ?? [];
    expect(w).toMatchObject({ needsYou: 0, diff: undefined, state: 'idle' });
  });
});
