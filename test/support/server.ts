/**
 * A standalone server for a suite: started before its tests, closed after them, in one line instead of a
 * `let`, a `beforeAll` and an `afterAll` in every file that drives one.
 */
import { afterAll, beforeAll } from 'vitest'
import {
  type RunningServer,
  type ServerOptions,
  startServer,
} from '../../src/entries/server/index.js'

/**
 * Starts a standalone server (`startServer`, on a free port unless `options.port` says otherwise) before the
 * enclosing suite's tests and closes it after them (after the suite's own `afterAll`). The returned object
 * stands for the running server (its properties and methods are the started server's): use it in hooks and
 * tests, once it has started.
 */
export function useServer(options: ServerOptions = {}): RunningServer {
  let running: RunningServer | undefined
  beforeAll(async () => {
    running = await startServer({ port: 0, ...options })
  }, 60_000)
  afterAll(async () => {
    await running?.close()
  })
  return new Proxy({} as RunningServer, {
    get(_, key) {
      if (!running) throw new Error('the server starts in beforeAll: use it in hooks and tests')
      const value: unknown = Reflect.get(running, key, running)
      return typeof value === 'function' ? value.bind(running) : value
    },
  })
}
