import { defineConfig } from 'vitest/config';

// One run for every package; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/contracts', 'apps/server', 'apps/web', 'apps/portal-sandbox'],
    // Vitest's default is one worker per core less one: a single worker on CI's two cores. Two workers keep both cores
    // busy (the integration tests wait on PostgreSQL, SMTP and timers as much as they compute).
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/*.bench.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { 'packages/domain/src/**': { lines: 95 } },
    },
  },
});
