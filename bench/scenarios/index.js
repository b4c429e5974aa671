// Every scenario, in the order a run measures them.

import { throughput } from './throughput.js';
import { busy } from './busy.js';
import { floods } from './floods.js';
import { redraws } from './redraws.js';
import { keystroke } from './keystroke.js';
import { thinLine } from './thinLine.js';
import { idle } from './idle.js';
import { memory } from './memory.js';
import { startup } from './startup.js';
import { control } from './control.js';
import { paste } from './paste.js';
import { manyPanes } from './manyPanes.js';

/** @type {readonly import('./scenario.js').Scenario<any, any>[]} */
export const SCENARIOS = [throughput, busy, floods, redraws, keystroke, thinLine, idle, memory, startup, control, paste, manyPanes];
