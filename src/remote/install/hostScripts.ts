// The two scripts `tessera host install` runs on a host with sh: one finds what the host has (node,
// npm, a tessera), the other copies the package from its stdin into a temporary folder, npm installs
// it and removes the copy. Text from outside (a prefix, the tessera setting) reaches them only as
// arguments ("$1" …), never as code. Each statement is whole on its own line and the lines are
// joined with '; ', so the script is one line: a login shell of the csh family would refuse a
// quoted newline. Each fact is one marked line of output, after whatever a login script printed.

/** What starts each of the scripts' own lines. */
export const MARK = 'tessera-host:';

/** Prints one fact (`say KEY VALUE`), and expands a leading `~/` to the home there (as the hosts setting does). */
const HELPERS = [
  `say() { printf '${MARK}%s=%s\\n' "$1" "$2"; }`,
  `there() { case $1 in "~/"*) printf '%s' "$HOME/\${1#"~/"}" ;; *) printf '%s' "$1" ;; esac; }`,
];

/**
 * $1: the tessera command of the hosts setting; $2: the --prefix ('' for npm's global folder). Says
 * node and npm (path, version) when they are on the PATH ssh commands get, and the tessera the
 * install would replace: its path and `--version`, or `tessera-missing`.
 */
export const CHECK_SCRIPT = [
  ...HELPERS,
  'if command -v node >/dev/null 2>&1; then say node "$(command -v node)"; say node-version "$(node --version 2>&1)"; fi',
  'if command -v npm >/dev/null 2>&1; then say npm "$(command -v npm)"; say npm-version "$(npm --version 2>&1)"; fi',
  'if [ -n "$2" ]; then t="$(there "$2")/bin/tessera"; else t=$(there "$1"); fi',
  'if command -v "$t" >/dev/null 2>&1; then say tessera "$(command -v "$t")"; say tessera-version "$("$t" --version 2>&1)"; else say tessera-missing "$t"; fi',
  'say end 1',
].join('; ');

/**
 * $1: the --prefix ('' for npm's global folder); $2: the package's size in bytes, read from stdin.
 * Says `temp` (where the copy goes), `copied` (its size), `bin` and `version` (the installed tessera's
 * path and `--version`), `removed`; `failed STEP` where it stops. The copy is removed however it ends.
 */
export const INSTALL_SCRIPT = [
  ...HELPERS,
  'tmp=$(mktemp -d "${TMPDIR:-/tmp}/tessera-install.XXXXXX") || { say failed temp; exit 1; }',
  `trap 'rm -rf "$tmp"' EXIT`,
  `trap 'exit 1' HUP INT TERM`,
  'say temp "$tmp/tessera.tgz"',
  'cat > "$tmp/tessera.tgz" || { say failed copy; exit 1; }',
  'size=$(( $(wc -c < "$tmp/tessera.tgz") ))',
  'say copied "$size"',
  'if [ "$size" -ne "$2" ]; then say failed copy; exit 1; fi',
  'p=""; if [ -n "$1" ]; then p=$(there "$1"); fi',
  'set -- install --global --prefer-offline --no-audit --no-fund',
  'if [ -n "$p" ]; then set -- "$@" --prefix "$p"; fi',
  // npm's own output goes to stderr, where tessera keeps its end to quote when it fails.
  'npm "$@" "$tmp/tessera.tgz" 1>&2 || { say failed npm; exit 1; }',
  'if [ -n "$p" ]; then b="$p/bin/tessera"; else b="$(npm prefix --global)/bin/tessera"; fi',
  'say bin "$b"',
  'say version "$("$b" --version 2>&1)"',
  'rm -rf "$tmp" && say removed "$tmp/tessera.tgz"',
  'say end 1',
].join('; ');

/** The facts a script said, by key (the first of each; a value is the rest of its line). */
export function scriptFacts(lines: readonly string[]): Map<string, string> {
  const facts = new Map<string, string>();
  for (const line of lines) {
    if (!line.startsWith(MARK)) continue;
    const equals = line.indexOf('=');
    if (equals === -1) continue;
    const key = line.slice(MARK.length, equals);
    if (!facts.has(key)) facts.set(key, line.slice(equals + 1));
  }
  return facts;
}
