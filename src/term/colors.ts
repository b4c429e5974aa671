// SGR parameters for packed colors, and the 256-color fallback for terminals without true color.

import { PALETTE16, PALETTE256, RGB } from './cellGrid.js';

/** The kind bits of a packed color, and local copies of the kinds (see the note in differ.ts). */
const KIND_MASK = 0x3000000;
const KIND_PALETTE16 = PALETTE16;
const KIND_PALETTE256 = PALETTE256;
const KIND_RGB = RGB;

/** Channel levels of the xterm 6×6×6 color cube (palette 16–231). */
const CUBE_LEVELS = [0, 95, 135, 175, 215, 255] as const;
const CUBE_START = 16;
const GRAY_START = 232;
const GRAY_STEPS = 24;

/** SGR parameters that select `color` as the foreground, e.g. `39`, `31`, `38;5;208`, `38;2;1;2;3`. */
export function fgParams(color: number, trueColor: boolean): string {
  return colorParams(color, trueColor, 30, 90, '38', '39');
}

/** SGR parameters that select `color` as the background, e.g. `49`, `41`, `48;5;208`, `48;2;1;2;3`. */
export function bgParams(color: number, trueColor: boolean): string {
  return colorParams(color, trueColor, 40, 100, '48', '49');
}

/**
 * SGR parameters that select `color` as the underline color: `58;5;N`, `58;2;R;G;B`, or `59` for the
 * default (the text color). There is no 16-color form, so both palette kinds are sent as `58;5;N`.
 */
export function underlineColorParams(color: number, trueColor: boolean): string {
  const kind = color & KIND_MASK;
  if (kind === KIND_PALETTE16 || kind === KIND_PALETTE256) return `58;5;${color & 0xff}`;
  return colorParams(color, trueColor, 0, 0, '58', '59');
}

function colorParams(
  color: number,
  trueColor: boolean,
  base: number,
  brightBase: number,
  extended: string,
  reset: string,
): string {
  const kind = color & KIND_MASK;
  if (kind === KIND_PALETTE16) {
    const index = color & 0xf;
    return String(index < 8 ? base + index : brightBase + index - 8);
  }
  if (kind === KIND_PALETTE256) return `${extended};5;${color & 0xff}`;
  if (kind === KIND_RGB) {
    if (!trueColor) return `${extended};5;${nearest256(color)}`;
    return `${extended};2;${(color >> 16) & 0xff};${(color >> 8) & 0xff};${color & 0xff}`;
  }
  return reset;
}

/** Index into the 6-level cube of the level closest to one 0–255 channel value. */
function cubeIndex(value: number): number {
  if (value < 48) return 0;
  if (value < 115) return 1;
  return Math.min(5, Math.floor((value - 35) / 40));
}

/**
 * The palette index (16–255) closest to a 0xRRGGBB color (a packed RGB color works too):
 * the nearer, by squared distance, of the best cube color and the best gray.
 */
export function nearest256(rgb: number): number {
  const r = (rgb >> 16) & 0xff;
  const g = (rgb >> 8) & 0xff;
  const b = rgb & 0xff;

  const ri = cubeIndex(r);
  const gi = cubeIndex(g);
  const bi = cubeIndex(b);
  const cubeDistance = distance(r, g, b, CUBE_LEVELS[ri], CUBE_LEVELS[gi], CUBE_LEVELS[bi]);

  const mean = (r + g + b) / 3;
  const grayIndex = Math.max(0, Math.min(GRAY_STEPS - 1, Math.round((mean - 8) / 10)));
  const level = 8 + 10 * grayIndex;
  const grayDistance = distance(r, g, b, level, level, level);

  if (grayDistance < cubeDistance) return GRAY_START + grayIndex;
  return CUBE_START + 36 * ri + 6 * gi + bi;
}

function distance(r1: number, g1: number, b1: number, r2: number, g2: number, b2: number): number {
  return (r1 - r2) ** 2 + (g1 - g2) ** 2 + (b1 - b2) ** 2;
}
