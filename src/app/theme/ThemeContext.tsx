// The palette every part of the chrome draws with, handed down from ChromeRoot (the model carries
// it, so a settings change redraws the chrome in the new colours).

import { createContext, useContext } from 'react';
import { DARK_PALETTE, type Palette } from './palettes.js';

export const ThemeContext = createContext<Palette>(DARK_PALETTE);

export function usePalette(): Palette {
  return useContext(ThemeContext);
}
