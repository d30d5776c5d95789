// Browser tests for the static site in dist/ (build it first: npm run build:site).
// Chromium comes from Debian (/usr/bin/chromium); Playwright's own browser
// downloads are not available here. The server picks a free port and prints
// it; webServer.wait copies it into process.env.TALLY_PORT for the tests.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  // Headroom for a busy 2-core machine.  Speed targets are not tests: they
  // are figures that `npm run bench` prints.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2, // the machines have 2 cores
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/browser',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.TALLY_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // The offline copy's service worker would install in every test's new
    // context (a few MB each) and take requests out of page.route's sight;
    // tests/browser/offline.spec.ts allows it where it is the subject.
    serviceWorkers: 'block',
    // A Taiwanese reader's browser: a first visit to the site's root opens the
    // edition navigator.languages asks for (i18n/first-visit.ts), and the
    // specs read the root in zh-Hant; tests/browser/first-visit.spec.ts sets others.
    locale: 'zh-TW',
    trace: 'off',
    screenshot: 'off',
  },
  webServer: {
    command: 'node tests/browser/serve.mjs dist 0',
    wait: { stdout: /listening on port (?<tally_port>\d+)/ },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
