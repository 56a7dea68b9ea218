/**
 * vitest's set-up file: loads msw through Understudy's adapter before a test file imports msw itself, as users
 * are told to (docs/simulator.md): msw 2 then loads with Node's `localStorage` hidden (src/simulator/msw/hide-web-storage.ts),
 * so Node 25+ prints no ExperimentalWarning in the workers. msw stays loaded for the worker's later files.
 */
import '../../src/simulator/msw/adapter.js'
