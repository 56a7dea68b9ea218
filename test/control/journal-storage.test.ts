/**
 * How the journal keeps what it records: the kept bytes of bodies, responses, URLs and paths in shared
 * slabs that are reused once their entries are dropped, and entries reused likewise. Whatever was
 * recorded, and however many requests came after, an entry reads back exactly what was sent and answered.
 */
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { dispatchPlain, keys, NOW, plainRequest, ROUTER } from './support.js'

const asInference = {
  'content-type': 'application/json',
  authorization: `Bearer ${keys.inference}`,
}

/** A create-preset body: a system prompt of `size` characters made of `text`, and a numbered model. */
const presetBody = (n: number, text: string, size: number) =>
  JSON.stringify({
    messages: [{ role: 'system', content: text.repeat(Math.ceil(size / text.length)) }],
    model: `m/${n}`,
  })

describe('the journal’s storage', () => {
  it('reads back each kept entry exactly, thousands of requests and many reused slabs later', async () => {
    const simulator = createSimulator({ seed: 'storage', now: NOW, journalLimit: 300 })
    // ASCII, two-, three- and four-byte characters, small and past the 8 KiB a slab place takes.
    const texts = ['plain', 'é', '漢字', '🎭', 'x']
    const sizes = [1, 90, 700, 40, 200, 3_000, 9, 20_000]
    const sent: Array<{ slug: string; query: string; body: string; response: string }> = []
    for (let n = 0; n < 3_000; n++) {
      const body = presetBody(
        n,
        texts[n % texts.length] as string,
        sizes[n % sizes.length] as number,
      )
      const slug = `s-${n % 7}`
      const query = n % 3 === 0 ? '' : `?n=${n}`
      const answer = await dispatchPlain(
        simulator,
        'POST',
        `${ROUTER}/presets/${slug}/chat/completions${query}`,
        { body, headers: asInference },
      )
      expect(answer.status).toBe(200)
      sent.push({ slug, query, body, response: answer.body })
    }
    const entries = simulator.journal.entries()
    expect(entries).toHaveLength(300)
    expect(
      entries.map((entry) => ({
        path: entry.path,
        query: entry.query,
        body: entry.body,
        response: entry.response,
      })),
    ).toEqual(
      sent.slice(-300).map(({ slug, query, body, response }) => ({
        path: `/presets/${slug}/chat/completions`,
        query: query === '' ? {} : { n: query.slice(3) },
        body: JSON.parse(body),
        response: JSON.parse(response),
      })),
    )
    // The HAR export reads the same bytes: the request body text and the response text as sent.
    const har = simulator.journal.toHAR({}, { redact: false })
    expect(har.log.entries.map((entry) => entry.request.postData?.text)).toEqual(
      sent.slice(-300).map(({ body }) => body),
    )
    expect(har.log.entries.map((entry) => entry.response.content.text)).toEqual(
      sent.slice(-300).map(({ response }) => response),
    )
  })

  it('keeps each request’s URL and headers as sent, whether a client repeats them or not', async () => {
    const simulator = createSimulator({ seed: 'storage', now: NOW })
    const key = asInference.authorization
    // Repeated (a new object of the same content), a value changed, the order changed, one fewer, one
    // more, a null prototype; the URL repeated and changed.
    const sent: Array<{ url: string; headers: Record<string, string> }> = [
      { url: `${ROUTER}/presets/x`, headers: { authorization: key, 'x-a': '1' } },
      { url: `${ROUTER}/presets/x`, headers: { authorization: key, 'x-a': '1' } },
      { url: `${ROUTER}/presets/x`, headers: { authorization: key, 'x-a': '2' } },
      { url: `${ROUTER}/presets/x?a=1`, headers: { 'x-a': '2', authorization: key } },
      { url: `${ROUTER}/presets/y`, headers: { authorization: key } },
      { url: `${ROUTER}/presets/y`, headers: { authorization: key, 'x-a': '2', 'x-b': '3' } },
      {
        url: `${ROUTER}/presets/y`,
        headers: Object.assign(Object.create(null), { authorization: key, 'x-a': '2', 'x-b': '3' }),
      },
      { url: `${ROUTER}/presets/x`, headers: { authorization: key, 'x-a': '1' } },
    ]
    for (const { url, headers } of sent)
      await simulator.dispatch(plainRequest('GET', url, { headers }), 'in-process')
    const har = simulator.journal.toHAR({}, { redact: false })
    expect(
      har.log.entries.map(({ request }) => ({
        url: request.url,
        headers: Object.fromEntries(request.headers.map(({ name, value }) => [name, value])),
        order: request.headers.map(({ name }) => name),
      })),
    ).toEqual(
      sent.map(({ url, headers }) => ({
        url,
        headers: { ...headers },
        order: Object.keys(headers),
      })),
    )
  })

  it('keeps a path that is not well-formed UTF-16 (a lone surrogate) as it was', async () => {
    const simulator = createSimulator({ seed: 'storage', now: NOW })
    const request = plainRequest('GET', `${ROUTER}/presets/x`, { headers: asInference })
    request.path = '/api/v1/presets/\ud800x'
    await simulator.dispatch(request, 'in-process')
    expect(simulator.journal.entries().map((entry) => entry.path)).toEqual(['/presets/\ud800x'])
  })
})
