// Which viewer a file gets: rendered markdown for markdown files, the source viewer for the rest.

export type ViewMode = 'source' | 'markdown';

export function modeFor(file: string): ViewMode {
  return /\.(md|markdown|mdown|mkd)$/i.test(file) ? 'markdown' : 'source';
}
