// How a key spec is shown to people: arrows as arrows, Esc and Shift spelled the short way.

const ARROWS: Record<string, string> = { left: '←', right: '→', up: '↑', down: '↓' };

export function keyLabel(spec: string): string {
  const match = /^((?:[CMS]-)*)(.+)$/i.exec(spec);
  if (match === null) return spec;
  const [, modifiers, rest] = match;
  const arrow = ARROWS[rest.toLowerCase()];
  const base = arrow ?? (rest.toLowerCase() === 'escape' ? 'Esc' : rest);
  if (arrow !== undefined && /^s-$/i.test(modifiers)) return `Shift+${arrow}`;
  return `${modifiers}${base}`;
}
