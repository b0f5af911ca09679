import { defineProject } from 'vitest/config';

// The sandbox's tests boot PGlite and run whole return flows over HTTP (inject).
export default defineProject({
  test: {
    name: 'portal-sandbox',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
