// Errors the client reports as one plain line (no stack trace): the user can act on the message.

export class NoServerError extends Error {}

/** The server refused a command and said why. */
export class CommandError extends Error {}
