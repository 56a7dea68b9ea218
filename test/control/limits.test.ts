/**
 * The journal's bounds: a byte budget besides the entry count, at most a prefix of each body (and a tiny
 * one when the answer did not depend on it), responses bounded too, each cut marked (`truncated`,
 * `bodySize`, `responseTruncated`, `responseSize`); `recent` with body previews that never parse a big
 * body; `subscribe` for a light event per request.
 */
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_JOURNAL_MAX_BYTES } from '../../src/engine/journal/budget.js'
import type { JournalEvent } from '../../src/engine/journal/entry.js'
import { JOURNAL_BODY_PREFIX_BYTES } from '../../src/engine/journal/journal.js'
import { createSimulator } from '../../src/entries/index.js'
import { startServer } from '../../src/entries/server/index.js'
import { ACME, accounts, basic, dispatchPlain, keys, NOW, ROUTER, workspaces } from './support.js'

const send = dispatchPlain

const json = { 'content-type': 'application/json' }
const asInference = { ...json, authorization: `Bearer ${keys.inference}` }

/** A create-preset body whose system prompt has `size` characters. */
const presetBody = (size: number) =>
  JSON.stringify({ messages: [{ role: 'system', content: 'x'.repeat(size) }], model: 'a/b' })

const createSim = (options: Parameters<typeof createSimulator>[0] = {}) =>
  createSimulator({ seed: 'limits', now: NOW, ...options })

describe('the body prefix', () => {
  it('keeps a realistic body whole, with no truncation marks', async () => {
    const simulator = createSim()
    const body = presetBody(20_000)
    expect(
      (
        await send(simulator, 'POST', `${ROUTER}/presets/p/chat/completions`, {
          body,
          headers: asInference,
        })
      ).status,
    ).toBe(200)
    const [entry] = simulator.journal.entries()
    expect(entry?.body).toEqual(JSON.parse(body))
    expect(entry).not.toHaveProperty('truncated')
    expect(entry).not.toHaveProperty('bodySize')
    expect(entry).not.toHaveProperty('responseTruncated')
  })

  it('keeps the first 256 KiB of a larger body and of its response, and says so', async () => {
    const simulator = createSim()
    const body = presetBody(400_000)
    const response = await send(simulator, 'POST', `${ROUTER}/presets/p/chat/completions`, {
      body,
      headers: asInference,
    })
    expect(response.status).toBe(200)
    const [entry] = simulator.journal.entries()
    expect(JOURNAL_BODY_PREFIX_BYTES).toBe(256 * 1024)
    expect(entry).toMatchObject({
      truncated: true,
      bodySize: body.length,
      responseTruncated: true,
      responseSize: response.body.length,
      status: 200,
    })
    expect(entry?.body).toBe(body.slice(0, JOURNAL_BODY_PREFIX_BYTES))
    expect(entry?.response).toBe(response.body.slice(0, JOURNAL_BODY_PREFIX_BYTES))
  })

  it('keeps only the first KiB of a body the answer did not depend on: 401, 405, no route, a fault', async () => {
    const simulator = createSim()
    const big = presetBody(9_000_000)
    const url = `${ROUTER}/presets/p/chat/completions`
    expect((await send(simulator, 'POST', url, { body: big, headers: json })).status).toBe(401)
    expect((await send(simulator, 'PUT', url, { body: big, headers: asInference })).status).toBe(
      405,
    )
    expect(
      (await send(simulator, 'POST', `${ROUTER}/presets/p/x`, { body: big, headers: asInference }))
        .status,
    ).toBe(404)
    simulator.faults.inject({ status: 503, times: 1 })
    expect((await send(simulator, 'POST', url, { body: big, headers: asInference })).status).toBe(
      503,
    )
    const form = `email=a%40b.example&full_name=${'x'.repeat(5_000_000)}`
    expect(
      (
        await send(simulator, 'POST', `${ACME}/api/v1/users`, {
          body: form,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(401)
    const entries = simulator.journal.entries()
    expect(
      entries.map((e) => [e.status, e.truncated, e.bodySize, (e.body as string).length]),
    ).toEqual([
      [401, true, big.length, 1024],
      [405, true, big.length, 1024],
      [404, true, big.length, 1024],
      [503, true, big.length, 1024],
      [401, true, form.length, 1024],
    ])
    expect(simulator.journal.bytes).toBeLessThan(5 * 8 * 1024)
  })

  it('keeps a small body whole even when the answer did not depend on it', async () => {
    const simulator = createSim()
    await send(simulator, 'POST', `${ROUTER}/presets/p/chat/completions`, {
      body: presetBody(10),
      headers: json,
    })
    expect(simulator.journal.last()).toMatchObject({
      status: 401,
      body: JSON.parse(presetBody(10)),
    })
    expect(simulator.journal.last()).not.toHaveProperty('truncated')
  })

  it('keeps no body of a request refused as too large, and its declared size', async () => {
    const simulator = createSim({ maxBodyBytes: 1_000 })
    const body = presetBody(5_000)
    const answer = await send(simulator, 'POST', `${ROUTER}/presets/p/chat/completions`, {
      body,
      headers: { ...asInference, 'content-length': String(body.length) },
    })
    expect(answer.status).toBe(413)
    expect(simulator.journal.last()).toMatchObject({
      body: null,
      truncated: true,
      bodySize: body.length,
    })
  })

  it('redacts secret fields in the text of a body kept in part', async () => {
    const simulator = createSim()
    const form = `email=a%40b.example&password=hunter2-secret&full_name=${'x'.repeat(300_000)}`
    await send(simulator, 'POST', `${ACME}/api/v1/users`, {
      body: form,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(accounts.iago),
      },
    })
    const entry = simulator.journal.last()
    expect(entry?.truncated).toBe(true)
    expect(entry?.body).toMatch(/^email=a%40b\.example&password=\[redacted\]&full_name=xxx/)
    expect(JSON.stringify(entry)).not.toContain('hunter2-secret')
  })
})

describe('the byte budget', () => {
  it('is 64 MiB by default, and an option', () => {
    expect(DEFAULT_JOURNAL_MAX_BYTES).toBe(64 * 1024 * 1024)
    expect(createSim().journal.maxBytes).toBe(DEFAULT_JOURNAL_MAX_BYTES)
    expect(createSim({ journalMaxBytes: 1_000_000 }).describe().journal).toEqual({
      count: 0,
      limit: 10_000,
      maxBytes: 1_000_000,
      bytes: 0,
    })
  })

  it('drops the oldest entries while the kept ones count more than the budget', async () => {
    const simulator = createSim({ journalMaxBytes: 1024 * 1024 })
    for (let i = 0; i < 20; i++) {
      await send(simulator, 'POST', `${ROUTER}/presets/p${i}/chat/completions`, {
        body: presetBody(200_000),
        headers: asInference,
      })
    }
    const kept = simulator.journal.entries()
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThan(6)
    expect(kept.at(-1)?.path).toBe('/presets/p19/chat/completions')
    expect(kept.map((e) => e.seq)).toEqual(kept.map((_, i) => 21 - kept.length + i))
    expect(simulator.journal.bytes).toBeLessThanOrEqual(1024 * 1024)
    expect(simulator.journal.count()).toBe(kept.length)
  })

  it('keeps the newest entry even when it alone is over the budget, and nothing with a budget of 0', async () => {
    const tiny = createSim({ journalMaxBytes: 10 })
    await send(tiny, 'GET', `${ROUTER}/presets`, { headers: asInference })
    await send(tiny, 'GET', `${ROUTER}/presets/x`, { headers: asInference })
    expect(tiny.journal.entries().map((e) => e.path)).toEqual(['/presets/x'])
    tiny.journal.setMaxBytes(0)
    expect(tiny.journal.entries()).toEqual([])
  })

  it('refuses a budget that is not a whole number >= 0', () => {
    expect(() => createSim({ journalMaxBytes: -1 })).toThrow(
      new RangeError(
        '[understudy] Failed to set the journal byte budget: -1 is not a whole number >= 0.',
      ),
    )
    expect(() => createSim().journal.setMaxBytes(1.5)).toThrow(RangeError)
  })
})

describe('recent with body previews', () => {
  it('gives small bodies parsed and big ones as a short text preview, newest first', async () => {
    const simulator = createSim()
    await send(simulator, 'POST', `${ROUTER}/presets/small/chat/completions`, {
      body: presetBody(10),
      headers: asInference,
    })
    const big = presetBody(100_000)
    const created = await send(simulator, 'POST', `${ROUTER}/presets/big/chat/completions`, {
      body: big,
      headers: asInference,
    })
    const [newest, older] = simulator.journal.recent(50, { bodyPreviewBytes: 2048 })
    expect(newest).toMatchObject({
      path: '/presets/big/chat/completions',
      body: big.slice(0, 2048),
      truncated: true,
      bodySize: big.length,
      response: created.body.slice(0, 2048),
      responseTruncated: true,
      responseSize: created.body.length,
    })
    expect(older?.body).toEqual(JSON.parse(presetBody(10)))
    expect(older).not.toHaveProperty('truncated')
    expect(simulator.journal.recent(1)).toHaveLength(1)
    // Without a preview, the same entry as `entries` gives.
    expect(simulator.journal.recent(1)[0]).toEqual(simulator.journal.last())
  })

  it('redacts secrets in a preview', async () => {
    const simulator = createSim()
    await send(simulator, 'POST', `${ACME}/api/v1/users`, {
      body: `password=hunter2-secret&email=a%40b.example&full_name=${'x'.repeat(5_000)}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(accounts.iago),
      },
    })
    const [entry] = simulator.journal.recent(1, { bodyPreviewBytes: 100 })
    expect(entry?.body).toMatch(/^password=\[redacted\]&email=/)
    expect(JSON.stringify(entry)).not.toContain('hunter2-secret')
  })
})

describe('subscribe', () => {
  it('calls a listener synchronously after each record with the entry without bodies', async () => {
    const simulator = createSim()
    const events: JournalEvent[] = []
    const unsubscribe = simulator.journal.subscribe((event) => events.push(event))
    const pending = send(simulator, 'GET', `${ROUTER}/presets`, { headers: asInference })
    await pending
    expect(events).toEqual([
      {
        seq: 1,
        time: Date.parse(NOW),
        service: 'router',
        tenant: workspaces.default,
        operation: 'listPresets',
        actor: 'Default workspace inference key',
        method: 'GET',
        path: '/presets',
        status: 200,
        durationMs: expect.any(Number),
        fault: null,
      },
    ])
    expect(events[0]?.seq).toBe(simulator.journal.last()?.seq)
    unsubscribe()
    await send(simulator, 'GET', `${ROUTER}/presets`, { headers: asInference })
    expect(events).toHaveLength(1)
  })

  it('reports every request even when the journal keeps none', async () => {
    const simulator = createSim({ journalLimit: 0 })
    const seen: number[] = []
    simulator.journal.subscribe((event) => seen.push(event.status))
    await send(simulator, 'GET', `${ROUTER}/presets`, { headers: asInference })
    await send(simulator, 'GET', `${ROUTER}/presets`)
    expect([seen, simulator.journal.count()]).toEqual([[200, 401], 0])
  })

  it('does not let a failing listener break the request or the other listeners', async () => {
    const simulator = createSim()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const seen: number[] = []
      simulator.journal.subscribe(() => {
        throw new Error('listener bug')
      })
      simulator.journal.subscribe((event) => seen.push(event.seq))
      expect(
        (await send(simulator, 'GET', `${ROUTER}/presets`, { headers: asInference })).status,
      ).toBe(200)
      expect(seen).toEqual([1])
      expect(logged).toHaveBeenCalledWith('[understudy] a journal listener failed: listener bug')
    } finally {
      logged.mockRestore()
    }
  })
})

describe('the control surface’s body limit', () => {
  it('answers a control body over the limit 413 over HTTP, and changes nothing', async () => {
    const server = await startServer({ port: 0, seed: 'limits', now: NOW, maxBodyBytes: 64 })
    try {
      const answer = await fetch(`${server.url}/__understudy/latency`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ latency: 5, padding: 'x'.repeat(1_000) }),
      })
      expect([answer.status, await answer.json()]).toEqual([
        413,
        { error: { message: 'The body is larger than the control surface accepts (64 bytes).' } },
      ])
      expect(server.simulator.latency.get()).toBe(0)
    } finally {
      await server.close()
    }
  })
})
