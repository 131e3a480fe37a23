import { defineConfig } from 'tsup';

// One entry per subpath of package.json "exports" (test/meta/exports.test.ts checks them), plus the
// CLI and the benchmarks' internals (dist/internal/bench.js, no subpath).
const entries = {
  index: 'src/index.ts',
  'providers/index': 'src/providers/index.ts',
  'data/index': 'src/providers/lists/index.ts',
  'testing/index': 'src/testing/index.ts',
  'adapters/node': 'src/adapters/node.ts',
  'adapters/express': 'src/adapters/express.ts',
  'adapters/fetch': 'src/adapters/fetch.ts',
  'service/index': 'src/service/index.ts',
  'verify/index': 'src/verify/index.ts',
};

export default defineConfig({
  entry: { ...entries, 'cli/main': 'src/cli/main.ts', 'internal/bench': 'src/bench-internals.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: entries },
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
});
