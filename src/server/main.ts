// The server process's entry point (started in the background by the first client).
// Chalk decides on colors when it is first imported, so the chrome's color level is set first.

process.env.FORCE_COLOR = '3';
process.env.COLORTERM = 'truecolor'; // chalk lets TERM lower FORCE_COLOR otherwise
const socketPath = process.argv[2];
if (!socketPath) {
  process.stderr.write('tessera server: missing socket path\n');
  process.exit(2);
}
const { startServer } = await import('./startServer.js');
await startServer(socketPath);
