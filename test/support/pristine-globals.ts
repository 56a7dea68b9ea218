/**
 * vitest's set-up file (vitest.config.ts): the suite runs its files one after another in each worker without
 * isolating them (`isolate: false`, for speed), so a global one file replaces must not reach the next. `zulip-js`
 * replaces `FormData` with the `form-data` package's (through `isomorphic-form-data`), which `fetch` then sends as
 * the text `[object FormData]`. The globals as Node made them are kept the first time this file runs (before any
 * test file), and put back after each file.
 */
import { afterAll } from 'vitest'

const NAMES = ['FormData', 'Blob', 'File', 'fetch', 'Headers', 'Request', 'Response'] as const
const KEY = Symbol.for('understudy.test.pristine-globals')
const store = globalThis as unknown as Record<symbol, Record<string, unknown> | undefined>
if (store[KEY] === undefined)
  store[KEY] = Object.fromEntries(
    NAMES.map((name) => [name, (globalThis as Record<string, unknown>)[name]]),
  )
const pristine = store[KEY]

afterAll(() => {
  for (const name of NAMES) {
    const value = pristine[name]
    if ((globalThis as Record<string, unknown>)[name] !== value)
      Object.defineProperty(globalThis, name, { value, writable: true, configurable: true })
  }
})
