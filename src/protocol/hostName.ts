// The name of another machine, as the `hosts` setting, `-H NAME` and `NAME:workspace` use it. In the
// protocol too: a server that asks its client to show a host's workspace names the host by it.

/**
 * Letters, digits, '-' and '_' (no ':', which separates it from a workspace, and no '.', which would
 * read as a host name of its own).
 */
export const HOST_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
