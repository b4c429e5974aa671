// A directory as the user would write it: under $HOME as `~/…`.

export function tildify(dir: string): string {
  const home = process.env.HOME;
  if (home && (dir === home || dir.startsWith(`${home}/`))) return `~${dir.slice(home.length)}`;
  return dir;
}
