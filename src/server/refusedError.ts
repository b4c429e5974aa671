// The error a server command or action throws when it refuses (a bad target, a rule that says no): its
// message is shown to the user as it is. In its own module so that anything can throw it without
// depending on what it is about.

export class RefusedError extends Error {}
