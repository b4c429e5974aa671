// yoga-layout (Ink's layout engine) inside the server's CommonJS bundle. Its WebAssembly start needs
// a top-level await, which a CommonJS file cannot have: the server's ES module entry
// (src/server/process/main.ts) loads yoga-layout first and leaves it here (scripts/build.mjs points Ink's
// imports of yoga-layout at this file).

import type Yoga from 'yoga-layout';

const loaded = Reflect.get(globalThis, '__tesseraYoga') as typeof Yoga | undefined;
if (!loaded) throw new Error('yoga-layout must be loaded before the server bundle (src/server/process/main.ts does it)');

export default loaded;
