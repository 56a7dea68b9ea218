/**
 * A streamed answer is produced as its reader takes it: eight streams of about 6 MB each (10,000 chunks
 * carrying a 128-character model id), each read for its first bytes and then left unread, hold about a
 * megabyte each at most (the journal's 256 KiB prefix of each, the part at hand, the sockets' buffers), on every way out
 * (`simulator.fetch`, the standalone server's direct and msw engines); then each arrives whole. Before the
 * parts were produced lazily each waiting stream held its whole text and all its parts: 56 to 112 MB for
 * the eight. Runs in a child process started with `--expose-gc`, so that what is measured is what is
 * still held.
 */
import { describe, expect, it } from 'vitest'
import { runFixture } from './fixture-process.js'

describe.each(['fetch', 'direct', 'msw'])('streams left unread (%s)', (way) => {
  it('hold a bounded amount each, then arrive whole', async () => {
    const result = JSON.parse(await runFixture('stream-memory', way))
    expect(result.streams).toBe(8)
    // Each delivered its whole body, the same bytes every way: 10,003 events and the opening comment.
    expect(result.sizes).toEqual(Array(8).fill(6_021_502))
    // While they waited: under 3 MiB each, the client's buffers counted too (measured on Node 26: 0.3 MB
    // each through `simulator.fetch`, 1.0 MB over the server; before, 7.0, 14.0 and 7.9 MB each).
    expect(result.grewBy).toBeLessThan(result.streams * 3 * 1024 * 1024)
  }, 120_000)
})
