// Every socket failure a user can meet becomes one line that says what happened and what to do.

import { describe, expect, it } from 'vitest';
import { ConnectionError, describeConnectionError } from '../../../src/client/errors.js';

const failure = (code: string) => Object.assign(new Error(`connect ${code} /run/s`), { code });

describe('describeConnectionError', () => {
  it.each([
    ['ECONNREFUSED', /nothing accepts connections on \/run\/s \(the server is gone\); run 'tessera' to start a new one/],
    ['ECONNRESET', /the server closed the connection \(it may be stopping, overloaded or out of file descriptors\); try again/],
    ['EPIPE', /the server closed the connection/],
    ['EACCES', /permission denied on \/run\/s: it belongs to another user or its directory is not yours/],
    ['EMFILE', /too many open files \(the descriptor limit is reached; see ulimit -n\)/],
    ['ENFILE', /too many open files/],
    ['EAGAIN', /not accepting connections fast enough/],
  ])('%s', (code, message) => {
    const error = describeConnectionError(failure(code), '/run/s');
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });

  it('keeps the reason of an unknown failure on one line', () => {
    expect(describeConnectionError(failure('EWHAT'), '/run/s').message).toBe('cannot talk to the server on /run/s: connect EWHAT /run/s');
  });
});
