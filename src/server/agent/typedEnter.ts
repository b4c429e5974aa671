// Does input written to a pane press Enter? Legacy Enter is CR (LF from some pastes); with the kitty keyboard
// protocol's higher levels a program may get Enter as `CSI 13 u` (with modifiers `CSI 13 ; … u`).

const ENTER = /[\r\n]|\x1b\[13(?:;[\d:]*)?u/;

export const typesEnter = (data: string): boolean => ENTER.test(data);
