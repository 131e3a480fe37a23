import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    'cli/main': 'src/cli/main.ts',
    'adapters/node': 'src/adapters/node.ts',
    'adapters/express': 'src/adapters/express.ts',
    'adapters/fetch': 'src/adapters/fetch.ts',
    'service/index': 'src/service/index.ts',
    'verify/index': 'src/verify/index.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts', 'adapters/node': 'src/adapters/node.ts', 'adapters/express': 'src/adapters/express.ts', 'adapters/fetch': 'src/adapters/fetch.ts', 'service/index': 'src/service/index.ts', 'verify/index': 'src/verify/index.ts' } },
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
});
