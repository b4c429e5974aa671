import { describe, expect, it } from 'vitest';
import { freeSlot, workspaceEnvironment } from '../../../src/server/records/workspaceEnv.js';

describe('workspace environment', () => {
  it('names the workspace, its folder and slot, and gives each named port base + slot', () => {
    expect(workspaceEnvironment({ name: 'app', dir: '/w/app', slot: 2 }, { web: 3000, api: 8000 }, new Set())).toEqual({
      TESSERA_WORKSPACE: 'app',
      TESSERA_WORKSPACE_DIR: '/w/app',
      TESSERA_SLOT: '2',
      TESSERA_PORT_WEB: '3002',
      TESSERA_PORT_API: '8002',
    });
  });

  it('steps a taken port aside by 100, keeping the slot in its last digits', () => {
    expect(workspaceEnvironment({ name: 'a', dir: '/a', slot: 1 }, { web: 3000 }, new Set([3001, 3101])).TESSERA_PORT_WEB).toBe('3201');
  });

  it('takes the smallest free slot', () => {
    expect(freeSlot([])).toBe(1);
    expect(freeSlot([1, 3])).toBe(2);
    expect(freeSlot([2, 1, Number.NaN])).toBe(3);
  });
});
