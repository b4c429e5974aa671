// A clone URL's user name and password (or token) never reach what tessera stores or shows: the
// record, the folder's name, messages.

import { describe, expect, it } from 'vitest';
import { checkCloneUrl, repoNameFromUrl, withoutCredentials } from '../../../src/git/cloneUrl.js';

describe('clone URLs', () => {
  it('loses its user-info, in a URL and in text that holds one', () => {
    expect(withoutCredentials('https://user:secret@example.com/you/app.git')).toBe('https://example.com/you/app.git');
    expect(withoutCredentials('https://ghp_TOKEN@example.com/app')).toBe('https://example.com/app');
    expect(withoutCredentials('http://user:p@ss@host:8080/')).toBe('http://host:8080/');
    expect(withoutCredentials("fatal: repository 'https://u:secret@h/x/' not found")).toBe("fatal: repository 'https://h/x/' not found");
    expect(withoutCredentials('git@github.com:you/app.git')).toBe('git@github.com:you/app.git'); // an ssh login, no password
    expect(withoutCredentials('/srv/repos/app.git')).toBe('/srv/repos/app.git');
  });

  it('never names a folder after the user-info, even when the URL has no path', () => {
    expect(repoNameFromUrl('http://user:secret@host/')).toBe('host');
    expect(repoNameFromUrl('https://user:secret@example.com/you/app.git')).toBe('app');
    expect(repoNameFromUrl('git@github.com:you/app.git')).toBe('app');
    expect(checkCloneUrl('-u:secret@x')).toBe("'-u:secret@x' is not a repository URL");
    expect(checkCloneUrl('ext::https://user:secret@host/')).toBe("'ext::https://host/' uses a transport tessera does not allow");
  });
});
