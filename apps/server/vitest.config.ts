import { defineProject } from 'vitest/config';

// Integration tests boot real databases (PGlite, and PostgreSQL when reachable): give them room. Files run side by
// side (each has its own databases, SMTP server and data folder).
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
