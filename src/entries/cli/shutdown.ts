/**
 * Stopping `understudy-mock serve` on SIGINT or SIGTERM: the first signal closes the server (which ends idle
 * connections at once) and exits 0 once closed; a second signal, for someone who will not wait, exits 1 at
 * once.
 * @module
 */
import { messageOf } from './errors.js'

/** What stopping needs from the process: its output and its exit. */
export interface StopIo {
  say(line: string): void
  exit(code: number): void
}

/** The handler for the stop signals. */
export function createStopHandler(close: () => Promise<void>, io: StopIo): () => void {
  let stopping = false
  return () => {
    if (stopping) {
      io.say('understudy: stopped without waiting')
      io.exit(1)
      return
    }
    stopping = true
    close().then(
      () => {
        io.say('understudy: stopped')
        io.exit(0)
      },
      (error: unknown) => {
        io.say(`understudy: stopped, but closing failed: ${messageOf(error)}`)
        io.exit(1)
      },
    )
  }
}
