import { defineProject } from 'vitest/config';

// Screen tests draw whole Mantine screens in jsdom: on a busy two-core machine one takes seconds, so the default
// 5 s limit fails tests that are only slow.
export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
  },
});
