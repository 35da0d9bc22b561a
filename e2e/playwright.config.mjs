// Playwright Test's configuration of the browser tests (see README.md):
//   cd e2e && npx playwright test [-g testName]
// The system Chromium ($CHROMIUM, default /usr/bin/chromium), never a
// downloaded browser; one worker, the files in their names' order (tests
// share one server, and some count what earlier ones left).

import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  testMatch: /.*\.spec\.mjs$/,
  workers: 1,
  fullyParallel: false,
  // one test: the clocks test waits out a one-minute clock
  timeout: 180_000,
  // the whole run: the hand-made runner's watchdog
  globalTimeout: 1_500_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_RESULTS || 'test-results',
  use: {
    headless: true,
    // Playwright's own context (harness.mjs's `page` comes from its
    // `mainContext`, of the same size and language)
    viewport: { width: 1100, height: 900 },
    locale: 'en-US',
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      timeout: 30_000,
    },
  },
});
