import { defineConfig } from 'vitest/config';

// One run for every package; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/contracts', 'apps/server', 'apps/web', 'apps/portal-sandbox'],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/*.bench.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { 'packages/domain/src/**': { lines: 95 } },
    },
  },
});
