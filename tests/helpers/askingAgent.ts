// A custom agent for approval tests: a shell script with a prompt that asks (y/n) before each task it
// is given, and the customAgents entry that tells tessera how to read and answer it.

/** A prompt; each task typed there is asked about (y/n); "ran: TASK" after a y. */
export const ASKING_AGENT = `#!/bin/sh
while true; do
  printf 'helper> '
  IFS= read -r task || exit 0
  printf 'Allow this command? touch %s (y/n) ' "$task"
  IFS= read -r answer || exit 0
  if [ "$answer" = y ]; then echo "ran: $task"; else echo "refused: $task"; fi
done
`;

/** The customAgents entry of ASKING_AGENT installed at `command`. */
export const askingAgentSetting = (command: string) => ({
  name: 'helper',
  command,
  detection: { idle: ['^helper> '], approval: ['^Allow this command\\? .*\\(y/n\\)'] },
  approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' },
});
