// The environment tessera's own git commands run in. The server inherits the environment of the shell
// that started it; a GIT_DIR, GIT_WORK_TREE or GIT_INDEX_FILE left there (a shell inside a git hook,
// an alias, a script that exported it) would make every command ask another repository than the
// workspace's (wrong branches, wrong diffs, and a reset or clean in the wrong place). So every GIT_*
// variable is dropped except the user's settings below, which say how to reach a remote, which config
// files to read and who the user is — never which repository to use or how to read it.

/**
 * GIT_* variables kept from the server's environment: ssh and proxy choices (a clone needs them),
 * TLS settings, the protocol allowlist (a restriction the user set must stay), where the global and
 * system config live, and the user's identity (git writes it into reflog entries of a reset).
 * Everything else goes: the repository's location (GIT_DIR, GIT_WORK_TREE, GIT_COMMON_DIR,
 * GIT_OBJECT_DIRECTORY, GIT_INDEX_FILE, …), config injected for one invocation (GIT_CONFIG_PARAMETERS,
 * GIT_CONFIG_COUNT/KEY/VALUE), pathspec and discovery modes, traces, a parent git's GIT_EXEC_PATH,
 * and any variable a newer git adds (unknown means dropped).
 */
export const KEPT_GIT_VARIABLES: readonly string[] = [
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_SSH_VARIANT',
  'GIT_PROXY_COMMAND',
  'GIT_HTTP_PROXY_AUTHMETHOD',
  'GIT_HTTP_USER_AGENT',
  'GIT_SSL_CAINFO',
  'GIT_SSL_CAPATH',
  'GIT_SSL_NO_VERIFY',
  'GIT_ALLOW_PROTOCOL',
  'GIT_PROTOCOL_FROM_USER',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_NOSYSTEM',
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'GIT_COMMITTER_NAME',
  'GIT_COMMITTER_EMAIL',
];

/**
 * A GIT_* variable that is not one of the user's settings above: it points git at a repository or
 * changes how git reads it. Dropped from tessera's own git commands and from what panes inherit from
 * the server (a workspace's pane must work in the workspace's repository, not one a shell exported).
 */
export function isGitContextVariable(name: string): boolean {
  return name.startsWith('GIT_') && !KEPT_GIT_VARIABLES.includes(name);
}

/**
 * `base` without the GIT_* variables tessera does not keep, plus what tessera always sets: never a
 * prompt (no terminal to answer it), ssh in batch mode unless the user chose a command, git's own
 * messages in English (they are parsed), and `extra` last (e.g. GIT_INDEX_FILE for a throwaway index).
 */
export function gitEnvironment(base: NodeJS.ProcessEnv, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined || isGitContextVariable(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    // tessera's reads (status, diff) must not take index.lock from under a git the user runs in a pane.
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    GIT_SSH_COMMAND: env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes',
    LC_ALL: 'C',
    ...extra,
  };
}
