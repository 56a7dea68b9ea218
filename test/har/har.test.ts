/**
 * The journal as HAR 1.2: `simulator.journal.toHAR(filter, options)` in process and
 * `GET /__understudy/journal.har` on the standalone server, validated against the HAR JSON schema
 * (`har-validator`), with every field the format asks for, redacted as the journal is.
 */
import { readFileSync } from 'node:fs'
import { get } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import type { Har, HarEntry } from '../../src/engine/journal/har.js'
import { createSimulator } from '../../src/entries/index.js'
import { useServer } from '../support/server.js'
import { NOW } from '../support/time.js'
import {
  accounts,
  basic,
  expectValidHar,
  keys,
  NEW_USER,
  PRESET_BODY,
  recordExchanges,
} from './support.js'

const ACME = 'https://acme.zulipchat.com'
const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version

/** Every secret the recorded requests carried. */
const SECRETS = [
  keys.inference,
  accounts.iago.key,
  basic(accounts.iago).slice('Basic '.length),
  NEW_USER.password,
]

const header = (entry: HarEntry, side: 'request' | 'response', name: string) =>
  entry[side].headers.find((candidate) => candidate.name === name)?.value

/** Iago creates a user with a body of this type, as given; the service must take it. */
async function createUserWith(
  simulator: ReturnType<typeof createSimulator>,
  contentType: string,
  body: string,
) {
  const created = await simulator.fetch(`${ACME}/api/v1/users`, {
    method: 'POST',
    headers: { authorization: basic(accounts.iago), 'content-type': contentType },
    body,
  })
  expect(created.status).toBe(200)
}

async function recorded() {
  const simulator = createSimulator({ seed: 'har', now: NOW })
  const exchanges = await recordExchanges(simulator.fetch, simulator.router.baseUrl, ACME)
  return { simulator, exchanges }
}

describe('journal.toHAR', () => {
  it('is valid HAR 1.2 by its JSON schema, written by understudy at the package’s version', async () => {
    const { simulator } = await recorded()
    const har = simulator.journal.toHAR()
    await expectValidHar(har)
    expect(har.log.version).toBe('1.2')
    expect(har.log.creator).toEqual({ name: 'understudy', version: VERSION })
    expect(har.log.entries).toHaveLength(5)
    // What the schema does not check: the HAR rule that `time` is the sum of the timings.
    for (const entry of har.log.entries) {
      const { send, wait, receive } = entry.timings
      expect(entry.time).toBe(send + wait + receive)
    }
  })

  it('has one entry per journal entry, in order: the clock’s time, the duration, the exchange', async () => {
    const { simulator, exchanges } = await recorded()
    const journal = simulator.journal.entries()
    const har = simulator.journal.toHAR()
    expect(har.log.entries.map((entry) => entry._understudy.seq)).toEqual(
      journal.map((entry) => entry.seq),
    )
    har.log.entries.forEach((entry, index) => {
      const exchange = exchanges[index]
      const journalEntry = journal[index]
      expect(entry.startedDateTime).toBe(journalEntry?.time)
      expect(entry.time).toBe(journalEntry?.durationMs)
      expect(entry.timings).toEqual({ send: 0, wait: journalEntry?.durationMs, receive: 0 })
      expect(entry.cache).toEqual({})
      expect(entry.request.method).toBe(exchange?.method)
      expect(entry.request.url).toBe(exchange?.url)
      expect(entry.request.httpVersion).toBe('HTTP/1.1')
      expect(entry.request.headersSize).toBe(-1)
      expect(entry.response.status).toBe(exchange?.status)
      expect(entry.response.content.text).toBe(exchange?.text)
      expect(entry.response.content.size).toBe(Buffer.byteLength(exchange?.text ?? ''))
      expect(entry.response.bodySize).toBe(entry.response.content.size)
      expect(entry.response.headersSize).toBe(-1)
      expect(entry.response.redirectURL).toBe('')
      expect(entry._understudy.operation).toBe(journalEntry?.operation)
    })
    const [create, , missing, users] = har.log.entries
    expect(create?.request.postData).toEqual({ mimeType: 'application/json', text: PRESET_BODY })
    expect(create?.request.bodySize).toBe(Buffer.byteLength(PRESET_BODY))
    expect(create?.response.statusText).toBe('OK')
    expect(create?.response.content.mimeType).toBe('application/json')
    expect(missing?.response).toMatchObject({
      status: 404,
      statusText: 'Not Found',
      content: { text: '{"error":{"message":"Preset not found","code":404}}' },
    })
    expect(users?.request.queryString).toEqual([{ name: 'client_gravatar', value: 'false' }])
    expect(header(users as HarEntry, 'response', 'cache-control')).toBe(
      'max-age=0, no-cache, no-store, must-revalidate, private',
    )
  })

  it('redacts as the journal does: credentials and secret fields read [redacted], nowhere in clear', async () => {
    const { simulator } = await recorded()
    const har = simulator.journal.toHAR()
    const text = JSON.stringify(har)
    for (const secret of SECRETS) expect(text).not.toContain(secret)
    const [create, , , , user] = har.log.entries as HarEntry[]
    expect(header(create as HarEntry, 'request', 'authorization')).toBe('[redacted]')
    expect(header(user as HarEntry, 'request', 'authorization')).toBe('[redacted]')
    expect(user?.request.postData).toEqual({
      mimeType: 'application/x-www-form-urlencoded',
      text: 'email=romeo%40acme.example&password=[redacted]&full_name=Romeo',
    })
    // The journal shows the same body with the same field redacted.
    expect(simulator.journal.last({ operation: 'create-user' })?.body).toEqual({
      ...NEW_USER,
      password: '[redacted]',
    })
    expect(har.log.comment).toContain('[redacted]')
  })

  it('redacts secret query parameters in the URL and the query list, and nothing else of the URL', async () => {
    const simulator = createSimulator({ seed: 'har', now: NOW })
    await simulator.fetch(`${simulator.router.baseUrl}/presets?limit=5&api_key=${keys.inference}`)
    const [entry] = simulator.journal.toHAR().log.entries
    expect(entry?.request.url).toBe(
      `${simulator.router.baseUrl}/presets?limit=5&api_key=%5Bredacted%5D`,
    )
    expect(entry?.request.queryString).toEqual([
      { name: 'limit', value: '5' },
      { name: 'api_key', value: '[redacted]' },
    ])
    expect(simulator.journal.last()?.query).toEqual({ limit: '5', api_key: '[redacted]' })
  })

  it('redacts a secret in a JSON body field by field, keeping the rest of the body', async () => {
    const simulator = createSimulator({ seed: 'har', now: NOW })
    const sent = JSON.stringify({
      model: 'a/b',
      messages: [],
      api_key: 'sk-in-the-body',
      nested: { token: 7 },
    })
    await simulator.fetch(`${simulator.router.baseUrl}/presets/x/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
      body: sent,
    })
    const [entry] = simulator.journal.toHAR().log.entries
    expect(JSON.parse(entry?.request.postData?.text ?? '')).toEqual({
      model: 'a/b',
      messages: [],
      api_key: '[redacted]',
      nested: { token: '[redacted]' },
    })
    expect(entry?.request.bodySize).toBe(Buffer.byteLength(sent))
    expect(
      simulator.journal.toHAR({}, { redact: false }).log.entries[0]?.request.postData?.text,
    ).toBe(sent)
  })

  it('redacts a form field by the name the service reads, however the client escaped it', async () => {
    const simulator = createSimulator({ seed: 'har', now: NOW })
    const sent = 'email=romeo%40acme.example&p%61ssword=hidden-in-escapes-1&full_name=Romeo+M'
    await createUserWith(simulator, 'application/x-www-form-urlencoded', sent)
    const [entry] = simulator.journal.toHAR().log.entries
    // Only the secret's value changes: the rest is as sent.
    expect(entry?.request.postData).toEqual({
      mimeType: 'application/x-www-form-urlencoded',
      text: 'email=romeo%40acme.example&p%61ssword=[redacted]&full_name=Romeo+M',
    })
    // The journal's preview of the body as text (the inspector's) redacts it too.
    expect(simulator.journal.recent(1, { bodyPreviewBytes: 48 })[0]?.body).toBe(
      'email=romeo%40acme.example&p%61ssword=[redacted]',
    )
    expect(simulator.journal.last()?.body).toMatchObject({ password: '[redacted]' })
    expect(JSON.stringify(simulator.journal.entries())).not.toContain('hidden-in-escapes-1')
  })

  it('redacts a multipart field by the name the service reads (unquoted, spaced, any case), re-encoded from the fields', async () => {
    const simulator = createSimulator({ seed: 'har', now: NOW })
    const sent = [
      '--XyZ',
      'Content-Disposition: form-data; name=email',
      '',
      'romeo@acme.example',
      '--XyZ',
      'Content-Disposition: form-data; NAME = password',
      '',
      'hidden-in-multipart-1',
      'second line',
      '--XyZ',
      'Content-Disposition: form-data; name="full_name"',
      '',
      'Romeo',
      '--XyZ--',
      '',
    ].join('\r\n')
    await createUserWith(simulator, 'multipart/form-data; boundary=XyZ', sent)
    const [entry] = simulator.journal.toHAR().log.entries
    expect(entry?.request.postData).toEqual({
      mimeType: 'multipart/form-data; boundary=XyZ',
      text: [
        '--XyZ',
        'Content-Disposition: form-data; name="email"',
        '',
        'romeo@acme.example',
        '--XyZ',
        'Content-Disposition: form-data; name="password"',
        '',
        '[redacted]',
        '--XyZ',
        'Content-Disposition: form-data; name="full_name"',
        '',
        'Romeo',
        '--XyZ--',
        '',
      ].join('\r\n'),
      comment: 'redacted: written again from the 3 fields the service read',
    })
    expect(entry?.request.bodySize).toBe(Buffer.byteLength(sent))
    // As text (the inspector's preview, a body kept in part), the part's whole value is redacted too.
    const [preview] = simulator.journal.recent(1, { bodyPreviewBytes: 160 })
    expect(preview?.body).not.toContain('hidden-in-multipart-1')
    expect(preview?.body).not.toContain('second line')
    expect(simulator.journal.last()?.body).toMatchObject({ password: '[redacted]' })
  })

  it('with { redact: false }, writes headers and bodies exactly as sent (a replay file for your machine)', async () => {
    const { simulator, exchanges } = await recorded()
    const har = simulator.journal.toHAR({}, { redact: false })
    await expectValidHar(har)
    const [create, , , , user] = har.log.entries as HarEntry[]
    expect(header(create as HarEntry, 'request', 'authorization')).toBe(`Bearer ${keys.inference}`)
    expect(user?.request.postData?.text).toBe(exchanges[4]?.init.body)
    expect(user?.request.postData?.text).toContain(`password=${NEW_USER.password}`)
    expect(har.log.comment).toContain('NOT redacted')
  })

  it('says when a body was kept only in part: the part kept, its size and a comment', async () => {
    const simulator = createSimulator({ seed: 'har', now: NOW })
    // Refused before the body is read (no key): the journal keeps only its first KiB.
    const body = JSON.stringify({ model: 'a/b', messages: [], padding: 'x'.repeat(10_000) })
    await simulator.fetch(`${simulator.router.baseUrl}/presets/x/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    const har = simulator.journal.toHAR()
    await expectValidHar(har)
    const [entry] = har.log.entries
    expect(simulator.journal.last()).toMatchObject({ truncated: true, bodySize: body.length })
    expect(entry?.request.bodySize).toBe(body.length)
    expect(entry?.request.postData?.text).toBe(body.slice(0, 1024))
    expect(entry?.request.postData?.comment).toBe(
      `truncated: the journal kept the first 1024 of ${body.length} bytes`,
    )
    expect(entry?.response.status).toBe(401)
  })

  it('records a network fault as status 0 with no content, and says why', async () => {
    const simulator = createSimulator({ seed: 'har', now: NOW })
    const id = simulator.faults.inject({ service: 'router', network: 'reset', times: 1 })
    await expect(simulator.fetch(`${simulator.router.baseUrl}/presets`)).rejects.toThrow()
    const har = simulator.journal.toHAR()
    await expectValidHar(har)
    expect(har.log.entries[0]?.response).toMatchObject({
      status: 0,
      statusText: '',
      content: { size: 0, mimeType: 'x-unknown', text: '' },
      comment: `no response: an injected network fault (network-error, fault #${id})`,
    })
    expect(har.log.entries[0]?._understudy.fault).toEqual({ id, kind: 'network-error' })
  })

  it('takes the journal’s filters, and refuses an unknown operation id as they do', async () => {
    const { simulator } = await recorded()
    const messaging = simulator.journal.toHAR({ service: 'messaging' })
    expect(messaging.log.entries.map((entry) => entry._understudy.operation)).toEqual([
      'get-users',
      'create-user',
    ])
    expect(simulator.journal.toHAR({ status: 404 }).log.entries).toHaveLength(1)
    expect(
      simulator.journal.toHAR({
        operation: 'createPresetsChatCompletions',
        body: { model: 'openai/gpt-5.4' },
      }).log.entries,
    ).toHaveLength(1)
    expect(simulator.journal.toHAR({ method: 'DELETE' }).log.entries).toEqual([])
    // @ts-expect-error: not an operation id
    expect(() => simulator.journal.toHAR({ operation: 'createPreset' })).toThrow(
      /operation: unknown operation "createPreset"; known: createPresetsChatCompletions, /,
    )
  })
})

describe('GET /__understudy/journal.har', () => {
  const server = useServer({ seed: 'har', now: NOW })
  afterEach(async () => {
    await fetch(`${server.url}/__understudy/reset`, { method: 'POST' })
    await fetch(`${server.url}/__understudy/journal`, { method: 'DELETE' })
  })

  const getHar = (query = '') => fetch(`${server.url}/__understudy/journal.har${query}`)

  it('answers the journal as a HAR file to download: JSON, valid HAR 1.2, the same as toHAR', async () => {
    const acme = server.services.messaging.acme as string
    const exchanges = await recordExchanges(fetch, server.services.router, acme)
    const response = await getHar()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="understudy.har"',
    )
    const har = (await response.json()) as Har
    await expectValidHar(har)
    expect(har).toEqual(JSON.parse(JSON.stringify(server.simulator.journal.toHAR())))
    expect(har.log.entries.map((entry) => [entry.request.method, entry.request.url])).toEqual(
      exchanges.map((exchange) => [exchange.method, exchange.url]),
    )
    expect(har.log.entries.map((entry) => entry.response.content.text)).toEqual(
      exchanges.map((exchange) => exchange.text),
    )
    const text = JSON.stringify(har)
    for (const secret of SECRETS) expect(text).not.toContain(secret)
  })

  it('takes the filters of /journal as query parameters', async () => {
    await recordExchanges(fetch, server.services.router, server.services.messaging.acme as string)
    const har = (await (await getHar('?service=router&status=200')).json()) as Har
    expect(har.log.entries.map((entry) => entry._understudy.operation)).toEqual([
      'createPresetsChatCompletions',
      'getPreset',
    ])
  })

  it('refuses an unknown operation id, or one of the other service, with a 400 naming the known ids', async () => {
    const response = await getHar('?service=router&operation=create-user')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: {
        message:
          '[understudy] Failed to read the journal: operation: unknown operation "create-user" of router; known: createPresetsChatCompletions, createPresetsMessages, createPresetsResponses, listPresets, getPreset, listPresetVersions, getPresetVersion, sendChatCompletionRequest, createMessages, createResponses, getModels.',
      },
    })
    const unknownField = await getHar('?redact=false')
    expect(unknownField.status).toBe(400)
    expect(await unknownField.json()).toEqual({
      error: { message: '[understudy] Failed to read the journal: redact: unknown field.' },
    })
  })
})

describe('GET /__understudy/journal.har of a large journal', () => {
  const server = useServer({ seed: 'har', now: NOW, journalLimit: 100 })
  const prompt = 'p'.repeat(200_000)
  const create = (n: number) =>
    fetch(`${server.services.router}/presets/big-${n % 5}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'a/b',
        messages: [{ role: 'system', content: `${n} ${prompt}` }],
      }),
    })

  it('is the same text as toHAR written with JSON.stringify(…, null, 2), empty or not', async () => {
    const empty = await fetch(`${server.url}/__understudy/journal.har`)
    expect(await empty.text()).toBe(JSON.stringify(server.simulator.journal.toHAR(), null, 2))
    for (let n = 0; n < 3; n++) await create(n)
    const text = await (await fetch(`${server.url}/__understudy/journal.har`)).text()
    expect(text).toBe(JSON.stringify(server.simulator.journal.toHAR(), null, 2))
    expect([...server.simulator.journal.toHARText({ status: 200 })].join('')).toBe(
      JSON.stringify(server.simulator.journal.toHAR({ status: 200 }), null, 2),
    )
    await fetch(`${server.url}/__understudy/journal`, { method: 'DELETE' })
  })

  it('is written as the client reads it, chunked: entries dropped meanwhile are left out, the file stays valid', async () => {
    for (let n = 1; n <= 100; n++) await create(n)
    const seqs = server.simulator.journal.entries().map((entry) => entry.seq)
    // A client that reads the first bytes, then stops reading while 50 more requests push out the oldest.
    const { headers, text } = await new Promise<{ headers: Record<string, unknown>; text: string }>(
      (resolve, reject) => {
        get(`${server.url}/__understudy/journal.har`, (response) => {
          const chunks: Buffer[] = []
          response.once('data', (chunk: Buffer) => {
            chunks.push(chunk)
            response.pause()
            void (async () => {
              for (let n = 101; n <= 150; n++) await create(n)
              response.on('data', (more: Buffer) => chunks.push(more))
              response.on('end', () =>
                resolve({ headers: response.headers, text: Buffer.concat(chunks).toString() }),
              )
              response.resume()
            })().catch(reject)
          })
        }).on('error', reject)
      },
    )
    expect(headers['transfer-encoding']).toBe('chunked')
    expect(headers['content-length']).toBeUndefined()
    const har = JSON.parse(text) as Har
    await expectValidHar(har)
    const written = har.log.entries.map((entry) => entry._understudy.seq)
    // Oldest first, none of the requests made after the export began, and not the ones dropped before
    // their turn came (before: the whole file was built at once, all 100 in it).
    expect(written).toEqual([...written].sort((a, b) => a - b))
    expect(written.every((seq) => seqs.includes(seq))).toBe(true)
    expect(written.length).toBeLessThan(100)
    expect(written.at(-1)).toBe(seqs.at(-1))
  }, 60_000)
})
