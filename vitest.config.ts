import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every simulator a test creates is checked against the published descriptions (test/contract/).
    setupFiles: ['test/contract/observe.setup.ts'],
    testTimeout: 20_000,
  },
})
