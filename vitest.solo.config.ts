import { defineConfig } from 'vitest/config';

// The server's timing-sensitive test files (apps/server/vitest.solo-files.ts), alone: one file at a time, after the
// main run (`npm run test:unit`, scripts/test.sh).
export default defineConfig({
  test: { projects: ['apps/server/vitest.solo.config.ts'], maxWorkers: 1, fileParallelism: false },
});
