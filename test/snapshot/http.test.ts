/**
 * Snapshots over HTTP: `GET /__understudy/snapshot` and `PUT /__understudy/snapshot` on the standalone
 * server, the same answers on a second server the snapshot was put into, and the refusals (400 naming every
 * problem, 413 over the body limit, 401 without the control token).
 */
import { describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'
import { useServer } from '../support/server.js'
import {
  type Answer,
  control,
  FEATURE_LEVEL,
  NOW,
  RATE_LIMIT,
  replay,
  serverTarget,
  writeBefore,
} from './support.js'

const source = useServer({ seed: 'http-snapshot', now: NOW })
const copy = useServer({ seed: 'another', scenario: 'empty' })

/**
 * The answers of one server with its origin (its port) written as `ORIGIN`, and without the headers Node's
 * server adds from the real time (`date`) or per connection.
 */
const comparable = (server: RunningServer, answers: Answer[]) =>
  answers.map((answer) => ({
    request: answer.request.replaceAll(server.url, 'ORIGIN'),
    status: answer.status,
    headers: answer.headers.filter(
      ([name]) => !['date', 'connection', 'keep-alive'].includes(name),
    ),
    body: answer.body.replaceAll(server.url, 'ORIGIN'),
  }))

describe('GET and PUT /__understudy/snapshot', () => {
  it('moves the whole state to another server, which then answers byte for byte the same', async () => {
    expect(
      (await control(source.url, 'PUT', '/messaging/acme/rate-limit', { rateLimit: RATE_LIMIT }))
        .status,
    ).toBe(200)
    expect(
      (
        await control(source.url, 'PUT', '/messaging/acme/feature-level', {
          featureLevel: FEATURE_LEVEL,
        })
      ).status,
    ).toBe(200)
    const before = await writeBefore(serverTarget(source))
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])

    const taken = await control(source.url, 'GET', '/snapshot')
    expect(taken.status).toBe(200)
    expect(taken.headers.get('content-type')).toBe('application/json')
    expect(taken.body).toEqual(source.simulator.snapshot())

    const put = await control(copy.url, 'PUT', '/snapshot', taken.body)
    expect([put.status, put.body]).toEqual([200, { scenario: 'default' }])
    expect(copy.simulator.snapshot()).toEqual(taken.body)

    const expected = await replay(serverTarget(source))
    const actual = await replay(serverTarget(copy))
    expect(expected.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 429, 200, 200, 200, 200,
    ])
    expect(comparable(copy, actual)).toEqual(comparable(source, expected))
  })

  it('refuses a snapshot that does not validate with 400, naming every problem, and changes nothing', async () => {
    const before = copy.simulator.snapshot()
    const bad = structuredClone(before) as any
    bad.services.router.presets = [{ ...bad.services.router.presets[0], id: 'x' }]
    bad.ids = [1, 2, 3]
    const refused = await control(copy.url, 'PUT', '/snapshot', bad)
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        error: {
          message:
            '[understudy] Failed to restore the snapshot: ids: Too small: expected array to have >=4 items; services.router.presets.0.id: Invalid UUID.',
        },
      },
    ])
    expect(copy.simulator.snapshot()).toEqual(before)
  })

  it('refuses a clock offset that leaves Date’s range with 400, and every route keeps answering', async () => {
    const bad = structuredClone(copy.simulator.snapshot()) as any
    bad.clock = { ...bad.clock, created: 'real', fixedAt: null, offsetMs: -1.7e16 }
    const refused = await control(copy.url, 'PUT', '/snapshot', bad)
    expect(refused.status).toBe(400)
    expect(refused.body.error.message).toMatch(
      /^\[understudy\] Failed to restore the snapshot: clock\.offsetMs: with the start -?[0-9]+ it gives -?[0-9]+, not a time a Date can hold \(within ±8\.64e15 ms of 1970\)\.$/,
    )
    for (const path of ['', '/clock', '/state', '/journal', '/journal.har'])
      expect((await fetch(`${copy.url}/__understudy${path}`)).status).toBe(200)
  })

  it('refuses a body that is not JSON, or not an object, with 400', async () => {
    expect(await control(copy.url, 'PUT', '/snapshot', '{"formatVersion":')).toMatchObject({
      status: 400,
      body: {
        error: {
          message: 'the body is not valid JSON',
        },
      },
    })
    expect(await control(copy.url, 'PUT', '/snapshot', '[1]')).toMatchObject({
      status: 400,
      body: {
        error: {
          message: 'the body must be a JSON object',
        },
      },
    })
  })
})

describe('the limits of the snapshot routes', () => {
  it('answers 413 for a snapshot over the body limit', async () => {
    const small = await startServer({ port: 0, maxBodyBytes: 1_000 })
    try {
      const snapshot = small.simulator.snapshot()
      expect(JSON.stringify(snapshot).length).toBeGreaterThan(1_000)
      const refused = await control(small.url, 'PUT', '/snapshot', snapshot)
      expect([refused.status, refused.body]).toEqual([
        413,
        { error: { message: 'The body is larger than the control surface accepts (1000 bytes).' } },
      ])
    } finally {
      await small.close()
    }
  })

  it('needs the control token, as the whole control surface does (the snapshot holds every key)', async () => {
    const guarded = await startServer({ port: 0, controlToken: 'snapshot-token-123' })
    try {
      expect((await control(guarded.url, 'GET', '/snapshot')).status).toBe(401)
      const snapshot = guarded.simulator.snapshot()
      expect((await control(guarded.url, 'PUT', '/snapshot', snapshot)).status).toBe(401)
      const allowed = await control(guarded.url, 'GET', '/snapshot', undefined, {
        authorization: 'Bearer snapshot-token-123',
      })
      expect([allowed.status, allowed.body]).toEqual([200, snapshot])
    } finally {
      await guarded.close()
    }
  })

  it('answers 404 for other methods', async () => {
    expect((await control(copy.url, 'POST', '/snapshot', {})).status).toBe(404)
    expect((await control(copy.url, 'DELETE', '/snapshot')).status).toBe(404)
  })
})
