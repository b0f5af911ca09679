import { defineProject } from 'vitest/config';

// Integration tests boot real databases (PGlite, and PostgreSQL when reachable): give them room.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
