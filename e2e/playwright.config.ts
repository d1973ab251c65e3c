import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './support/chromium';

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
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]]
    : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
    locale: 'en-US',
    colorScheme: 'light',
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
  },
});
