import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    // Hooks start real servers (formspam serve, redis-server): on a loaded machine that takes
    // longer than vitest's default 10 s.
    hookTimeout: 60_000,
  },
});
