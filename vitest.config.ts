import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    // Without Chromium: a CI run fails at once; any other says once why the browser tests were skipped.
    globalSetup: ['test/browser/global-setup.ts'],
    // msw through Understudy first, as a user's test file would import it (no localStorage warning on Node 25+);
    // then every simulator a test creates is checked against the published descriptions (test/contract/).
    // Files share their worker's modules (no isolation: each file imported the whole package again, about half
    // of the suite's time); globals a file replaces are put back after it (test/support/pristine-globals.ts).
    isolate: false,
    setupFiles: [
      'test/support/pristine-globals.ts',
      'test/support/load-msw.ts',
      'test/contract/observe.setup.ts',
    ],
  },
})
