import { defineConfig } from '@playwright/test';
import { BASE_URL } from './support/paths';

// Debian's chromium (scripts/ensure-chromium.sh); no browser downloads. One worker: the machines have two cores.
export default defineConfig({
  testDir: './tests',
  // Runs on another port (E2E_PORT) keep their own results, so two runs side by side never clear each other's.
  outputDir: process.env.E2E_PORT ? `./output/results-${process.env.E2E_PORT}` : './output/results',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './output/report', open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 768 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The register journeys count every sales and purchase document of the open financial year and period, so they run
  // on the seeded tenant before the journeys that add documents (import, document) have added any.
  projects: [
    { name: 'registers', testMatch: /registers\.spec\.ts$/ },
    { name: 'journeys', testIgnore: /registers\.spec\.ts$/, dependencies: ['registers'] },
  ],
});
