// What each control sequence with a count or a coordinate may ask for, and roughly what it costs the
// emulator: the table behind OutputClamp. Built from the CSI handlers @xterm/headless 6 registers.

export interface Screen {
  cols: number;
  rows: number;
}

/** The largest meaningful value of a parameter: anything above it does exactly what the limit does. */
type Limit = 'rows' | 'cols' | 'cells';

interface SequenceRule {
  /** Limits for the first parameters, by position (undefined: not a count or coordinate). */
  clamp?: readonly (Limit | undefined)[];
  /**
   * Work units (about one cell each) for the sequence with these (clamped) parameters; `cellText`
   * is the length of the text of the cell last written (a character and its combining marks).
   */
  cost(first: number, paramCount: number, screen: Screen, cellText: number): number;
}

/** A sequence's identifier as xterm computes it: prefix and intermediates shifted in, then the final. */
export function sequenceIdent(collected: string, final: string): number {
  let collect = 0;
  for (let i = 0; i < collected.length; i++) collect = (collect << 8) | collected.charCodeAt(i);
  return (collect << 8) | final.charCodeAt(0);
}

const count = (n: number): number => Math.max(1, n);
const screenful = (s: Screen): number => s.cols * s.rows;
const cheap = (): number => 1;
/** Insert/delete/scroll n lines: xterm moves the rest of the region once per line and allocates a blank one. */
const lines = (n: number, _count: number, s: Screen): number => count(n) * (s.cols + s.rows);

const RULES: Record<string, SequenceRule> = {
  '@': { clamp: ['cols'], cost: (_n, _c, s) => s.cols }, // ICH insert characters
  ' @': { clamp: ['cols'], cost: (_n, _c, s) => screenful(s) }, // SL scroll left
  A: { clamp: ['rows'], cost: cheap }, // CUU cursor up
  ' A': { clamp: ['cols'], cost: (_n, _c, s) => screenful(s) }, // SR scroll right
  B: { clamp: ['rows'], cost: cheap }, // CUD cursor down
  C: { clamp: ['cols'], cost: cheap }, // CUF cursor forward
  D: { clamp: ['cols'], cost: cheap }, // CUB cursor backward
  E: { clamp: ['rows'], cost: cheap }, // CNL cursor next line
  F: { clamp: ['rows'], cost: cheap }, // CPL cursor preceding line
  G: { clamp: ['cols'], cost: cheap }, // CHA cursor character absolute
  H: { clamp: ['rows', 'cols'], cost: cheap }, // CUP cursor position
  I: { clamp: ['cols'], cost: count }, // CHT forward tabs: one step per tab
  J: { cost: (_n, _c, s) => screenful(s) }, // ED erase in display
  '?J': { cost: (_n, _c, s) => screenful(s) }, // DECSED
  K: { cost: (_n, _c, s) => s.cols }, // EL erase in line
  '?K': { cost: (_n, _c, s) => s.cols }, // DECSEL
  L: { clamp: ['rows'], cost: lines }, // IL insert lines
  M: { clamp: ['rows'], cost: lines }, // DL delete lines
  P: { clamp: ['cols'], cost: (_n, _c, s) => s.cols }, // DCH delete characters
  S: { clamp: ['rows'], cost: lines }, // SU scroll up
  T: { clamp: ['rows'], cost: lines }, // SD scroll down
  X: { clamp: ['cols'], cost: count }, // ECH erase characters
  Z: { clamp: ['cols'], cost: count }, // CBT backward tabs
  '`': { clamp: ['cols'], cost: cheap }, // HPA character position absolute
  a: { clamp: ['cols'], cost: cheap }, // HPR character position relative
  // REP repeats the preceding character: xterm copies the cell's whole text (a character and its
  // marks) for every repeat, so 16 marks cost 17 times a plain character.
  b: { clamp: ['cells'], cost: (n, _c, _s, cellText) => count(n) * cellText },
  d: { clamp: ['rows'], cost: cheap }, // VPA line position absolute
  e: { clamp: ['rows'], cost: cheap }, // VPR line position relative
  f: { clamp: ['rows', 'cols'], cost: cheap }, // HVP like CUP
  r: { clamp: ['rows', 'rows'], cost: cheap }, // DECSTBM top and bottom margins
  "'}": { clamp: ['cols'], cost: (_n, _c, s) => screenful(s) }, // DECIC insert columns
  "'~": { clamp: ['cols'], cost: (_n, _c, s) => screenful(s) }, // DECDC delete columns
  // Switching to or from the alternate screen (47, 1047, 1049) clears or copies a screenful per mode.
  '?h': { cost: (_n, params, s) => Math.max(1, params) * screenful(s) },
  '?l': { cost: (_n, params, s) => Math.max(1, params) * screenful(s) },
};

const BY_IDENT = new Map<number, SequenceRule>(
  Object.entries(RULES).map(([name, rule]) => [sequenceIdent(name.slice(0, -1), name.slice(-1)), rule]),
);

export function ruleFor(ident: number): SequenceRule | undefined {
  return BY_IDENT.get(ident);
}

/** Final bytes (0x40-0x7e) that have a rule in a CSI without prefix or intermediates. */
const PLAIN_FINALS_WITH_RULES = new Uint8Array(0x80);
for (const ident of BY_IDENT.keys()) if (ident < 0x80) PLAIN_FINALS_WITH_RULES[ident] = 1;

/** Whether `ESC [ params <final>` (no prefix, no intermediates) has a rule; `final` is 0x40-0x7e. */
export function hasPlainRule(final: number): boolean {
  return PLAIN_FINALS_WITH_RULES[final] === 1;
}

export function limitValue(limit: Limit, screen: Screen): number {
  if (limit === 'rows') return screen.rows;
  if (limit === 'cols') return screen.cols;
  return screen.cols * screen.rows;
}

/** Cost of an escape sequence that is not a CSI: full reset and the alignment test fill the screen. */
export function escapeCost(intermediate: number, final: number, screen: Screen): number {
  if (intermediate === 0x23 && final === 0x38) return screenful(screen); // ESC # 8 (DECALN)
  if (intermediate === 0 && final === 0x63) return 2 * screenful(screen); // ESC c (RIS)
  if (intermediate === 0 && (final === 0x44 || final === 0x45 || final === 0x4d)) return screen.cols; // IND NEL RI may scroll
  return 1;
}
