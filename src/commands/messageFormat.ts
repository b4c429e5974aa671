// The #{…} fields of display-message (as tmux's formats, a few of them): expanded from a table the
// server fills for one pane. An unknown field is an error naming the known ones, never left as is.

export const FORMAT_FIELDS = ['workspace', 'pane', 'index', 'title', 'agent', 'state', 'branch', 'path', 'command'] as const;
export type FormatField = (typeof FORMAT_FIELDS)[number];

const FIELD = /#\{([^}]*)\}/g;

/** The fields `format` names that are not known, for an error before anything is shown. */
export function unknownFields(format: string): string[] {
  return [...format.matchAll(FIELD)].map((m) => m[1]).filter((name) => !(FORMAT_FIELDS as readonly string[]).includes(name));
}

/** `format` with each #{field} replaced by its value ('' when the pane has none); `##` is a literal '#'. */
export function expandFormat(format: string, values: Readonly<Record<FormatField, string>>): string {
  return format
    .split('##')
    .map((part) => part.replace(FIELD, (_all, name: string) => values[name as FormatField] ?? ''))
    .join('#');
}
