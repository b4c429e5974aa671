// The variables the server's Node must not see at its start travel under another name and come back
// unchanged, so panes get the environment the user set.

import { describe, expect, it } from 'vitest';
import { restoreHeldVariables, withHeldVariables } from '../../../src/boot/heldEnv.js';

const HELD = 'TESSERA_HELD_NODE_EXTRA_CA_CERTS';

describe('held environment variables', () => {
  it('moves NODE_EXTRA_CA_CERTS out of the way for the start and back afterwards', () => {
    const user = { PATH: '/bin', NODE_EXTRA_CA_CERTS: '/etc/corp/ca.pem' };
    const atStart = withHeldVariables(user);
    expect(atStart.NODE_EXTRA_CA_CERTS).toBeUndefined();
    expect(atStart[HELD]).toBe('/etc/corp/ca.pem');
    expect(user.NODE_EXTRA_CA_CERTS).toBe('/etc/corp/ca.pem'); // the caller's copy is left alone
    restoreHeldVariables(atStart);
    expect(atStart).toEqual(user);
  });

  it('never takes a stray variable of the held name for one', () => {
    const atStart = withHeldVariables({ PATH: '/bin', [HELD]: '/tmp/not-mine.pem' });
    expect(atStart[HELD]).toBeUndefined();
    restoreHeldVariables(atStart);
    expect(atStart).toEqual({ PATH: '/bin' });
  });

  it('keeps an empty value as it was', () => {
    const atStart = withHeldVariables({ NODE_EXTRA_CA_CERTS: '' });
    restoreHeldVariables(atStart);
    expect(atStart).toEqual({ NODE_EXTRA_CA_CERTS: '' });
  });
});
