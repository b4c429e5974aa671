// Micro-benchmarks of pure pieces (the differ, layout, chrome cells, input decoding): `npm run bench:micro`.
// They time this machine, so they are never part of `npm test`.

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [],
    benchmark: { include: ['bench/micro/**/*.bench.ts'] },
  },
});
