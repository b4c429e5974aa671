// SGR parameters for packed colors, and the 256-color fallback for terminals without true color.

import { isPalette, isRgb } from './cellGrid.js';

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

function colorParams(
  color: number,
  trueColor: boolean,
  base: number,
  brightBase: number,
  extended: string,
  reset: string,
): string {
  if (isPalette(color)) {
    const index = color & 0xff;
    if (index < 8) return String(base + index);
    if (index < 16) return String(brightBase + index - 8);
    return `${extended};5;${index}`;
  }
  if (isRgb(color)) {
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
