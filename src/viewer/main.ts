// The program that runs in a viewer pane (tessera's own, drawn on the pane's PTY like any program):
// `logs …` is the logs viewer of a workspace's stack (logsViewer.ts), anything else the file and diff
// viewer (fileViewer.ts). Each loads only its own code.

if (process.argv[2] === 'logs') void import('./logsViewer.js');
else void import('./fileViewer.js');
