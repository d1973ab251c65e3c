import { defineConfig } from '@playwright/test';
import { chromiumFlags, testChromiumPath } from './support/chromium';

/**
 * The browser tests: Playwright Test driving the system's Chromium (never a downloaded one)
 * against the production build, served once for the run by the global setup.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  outputDir: './artifacts/results',
  fullyParallel: true,
  // Two cores: one worker each, beside the server they share.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // Recording a trace of every test costs about a fifth of the run. Under CI a failed test
  // runs once more with its trace recorded, and the run fails even when that retry passes:
  // a flaky test is a failure, with a trace of the same test to read.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]]
    : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: testChromiumPath, args: chromiumFlags },
    locale: 'en-US',
    colorScheme: 'light',
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
});
