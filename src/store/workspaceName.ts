// The rule for workspace names: they become directory and branch names, so they are kept plain.

const NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/;

export const NAME_RULE = "at most 64 letters, digits, '.', '_' or '-', not starting with '.' or '-'";
/** The same rule in few enough words for one line of a dialog. */
export const NAME_RULE_SHORT = 'letters, digits, . _ - only; at most 64; not starting with . or -';

/** Undefined when the name is fine, else the reason it is refused. */
export function checkWorkspaceName(name: string): string | undefined {
  if (NAME_PATTERN.test(name) && !name.endsWith('.lock') && !name.includes('..')) return undefined;
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
  return `invalid workspace name ${shown}: use ${NAME_RULE} (and no '..' or trailing '.lock', which git refuses in branch names)`;
}

/** A name made from a folder's name (for `tessera` in a folder no workspace owns): invalid characters become '-'. */
export function nameFromFolder(folder: string): string {
  const cleaned = folder.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').replace(/\.\.+/g, '.').replace(/\.lock$/, '-lock').slice(0, 64);
  return cleaned.length > 0 ? cleaned : 'workspace';
}
