/**
 * `GET /__understudy/journal` and `GET /__understudy/snapshot` on the standalone server are written piece by
 * piece as the client reads them (as `journal.har` is): the same bytes as `JSON.stringify` of the in-process
 * value, and, while a large journal is being written to a client that does not read, other requests are
 * answered (the order of events shows it: a `DELETE /journal` answered mid-stream leaves the entries not yet
 * written out of the rest of the stream; written whole at once, the body would have held them all).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { useServer } from '../support/server.js'
import { control, keys, NOW } from './support.js'

const server = useServer({ seed: 'streamed-reads', now: NOW })

/** Creates preset `slug` with a system prompt of `size` characters (kept in the journal up to 256 KiB). */
async function createPreset(slug: string, size: number): Promise<void> {
  const response = await fetch(`${server.services.router}/presets/${slug}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      messages: [{ role: 'system', content: `${slug} ${'é😀"\\'.repeat(size / 5)}` }],
    }),
  })
  expect(response.status).toBe(200)
  await response.arrayBuffer()
}

describe('GET /journal and GET /snapshot, streamed', () => {
  it('answer the bytes JSON.stringify gives of the in-process value, chunked', async () => {
    await control(server.url, 'DELETE', '/journal')
    for (let i = 0; i < 12; i++) await createPreset(`bytes-${i}`, 100 + i * 20_000)
    await fetch(`${server.services.router}/presets/none`, {
      headers: { authorization: `Bearer ${keys.inference}` },
    }).then((response) => response.arrayBuffer())
    for (const query of [
      '',
      '?status=404',
      '?operation=getPreset&status=200',
      '?service=messaging',
    ]) {
      const response = await fetch(`${server.url}/__understudy/journal${query}`)
      const filter = Object.fromEntries(new URLSearchParams(query))
      if (filter.status) (filter as Record<string, unknown>).status = Number(filter.status)
      const entries = server.simulator.journal.entries(filter)
      expect([response.status, response.headers.get('content-type')]).toEqual([
        200,
        'application/json',
      ])
      expect(response.headers.get('content-length')).toBeNull()
      expect(await response.text()).toBe(JSON.stringify({ entries, count: entries.length }))
    }
    const snapshot = await fetch(`${server.url}/__understudy/snapshot`)
    expect(snapshot.headers.get('content-length')).toBeNull()
    expect(await snapshot.text()).toBe(JSON.stringify(server.simulator.snapshot()))
  })

  it('a large journal written to a client that does not read lets other requests through', async () => {
    await control(server.url, 'DELETE', '/journal')
    // About 40 MB of JSON: far more than the sockets' buffers hold.
    const total = 200
    for (let i = 0; i < total; i++) await createPreset(`large-${i}`, 50_000)
    expect(server.simulator.journal.count()).toBe(total)

    const { response, firstChunk } = await new Promise<{
      response: IncomingMessage
      firstChunk: Buffer
    }>((resolve, reject) => {
      const outgoing = httpRequest(`${server.url}/__understudy/journal`, (incoming) => {
        incoming.once('data', (chunk: Buffer) => {
          // Stop reading: the server can write only what the sockets' buffers take.
          incoming.pause()
          resolve({ response: incoming, firstChunk: chunk })
        })
      })
      outgoing.on('error', reject)
      outgoing.end()
    })
    let ended = false
    response.once('end', () => {
      ended = true
    })
    // A bystander, answered while the journal's answer is unfinished: it clears the journal.
    const cleared = await control(server.url, 'DELETE', '/journal')
    expect([cleared.status, cleared.body]).toEqual([200, { count: 0 }])
    expect(ended).toBe(false)

    const chunks: Buffer[] = [firstChunk]
    response.on('data', (chunk: Buffer) => chunks.push(chunk))
    response.resume()
    await new Promise((resolve) => response.once('end', resolve))
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    // What was written before the bystander, and nothing after it: the entries still to come were gone.
    expect(body.count).toBe(body.entries.length)
    expect(body.count).toBeGreaterThan(0)
    expect(body.count).toBeLessThan(total)
    expect(body.entries.map((entry: { path: string }) => entry.path)).toEqual(
      Array.from({ length: body.count }, (_, i) => `/presets/large-${i}/chat/completions`),
    )
  }, 120_000)
})
