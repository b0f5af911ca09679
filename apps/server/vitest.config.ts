import { defineProject } from 'vitest/config';
import { SOLO_TEST_FILES } from './vitest.solo-files.ts';

// Integration tests boot real databases (PGlite, and PostgreSQL when reachable) and wait for background jobs: give
// them room. Files run side by side (each has its own databases, SMTP server and data folder), two on CI's two cores,
// where an import test that takes 10 s alone took over 30 s beside a busy neighbour.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Run alone after this suite (vitest.solo.config.ts).
    exclude: SOLO_TEST_FILES,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
