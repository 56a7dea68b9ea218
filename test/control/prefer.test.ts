/**
 * Prism's convention, `Prefer: code=<status>`: one request answered with that service's own error for the
 * status, without a control call, for clients in any language; on the standalone server and in process
 * (msw, `simulator.fetch`) alike, journaled with the caller, armed faults left as they are.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import { useServer } from '../support/server.js'
import { accounts, basic, control, keys, NOW, ROUTER } from './support.js'

const key = { authorization: `Bearer ${keys.inference}` }
const iago = { authorization: basic(accounts.iago) }
const wire = async (response: Response) => [
  response.status,
  Object.fromEntries(response.headers),
  await response.text(),
]

describe('on the standalone server', () => {
  const server = useServer({ seed: 'prefer', now: NOW })
  const router = () => server.services.router
  const acme = () => server.services.messaging.acme as string

  it('answers the router’s own 429 and messaging’s own 503, and journals them with the caller', async () => {
    await control(server.url, 'DELETE', '/journal')
    const limited = await fetch(`${router()}/presets`, { headers: { ...key, prefer: 'code=429' } })
    expect(await wire(limited)).toEqual([
      429,
      expect.objectContaining({ 'content-type': 'application/json', 'retry-after': '1' }),
      '{"error":{"message":"Rate limit exceeded","code":429,"metadata":{"headers":{"X-RateLimit-Limit":"20","X-RateLimit-Remaining":"0","X-RateLimit-Reset":"1767225660000"},"provider_name":null}}}',
    ])
    const down = await fetch(`${acme()}/api/v1/users`, { headers: { ...iago, Prefer: 'code=503' } })
    expect(await wire(down)).toEqual([
      503,
      expect.objectContaining({ 'content-type': 'application/json', 'retry-after': '1' }),
      '{"result":"error","msg":"Error 503","code":"BAD_REQUEST"}\n',
    ])
    const { body } = await control(server.url, 'GET', '/journal')
    expect(
      body.entries.map((entry: Record<string, unknown>) => [
        entry.operation,
        entry.actor,
        entry.status,
        entry.fault,
      ]),
    ).toEqual([
      [
        'listPresets',
        'Default workspace inference key',
        429,
        { id: null, kind: 'prefer', status: 429 },
      ],
      ['get-users', 'iago@acme.example', 503, { id: null, kind: 'prefer', status: 503 }],
    ])
  })

  it('takes the first code among other preferences, quoted or not, and ignores Prism’s others', async () => {
    const statuses = []
    for (const prefer of [
      'example=notFound, code="404"',
      'dynamic=true;x=1, code=409, code=500',
      'return=minimal',
    ])
      statuses.push((await fetch(`${router()}/presets`, { headers: { ...key, prefer } })).status)
    expect(statuses).toEqual([404, 409, 200])
  })

  it('answers a code it cannot give with the service’s 400 saying why', async () => {
    const answer = await fetch(`${router()}/presets`, { headers: { ...key, prefer: 'code=200' } })
    expect(await wire(answer)).toEqual([
      400,
      expect.objectContaining({ 'content-type': 'application/json' }),
      JSON.stringify({
        error: {
          message:
            "[understudy] Prefer: code=200 is not a status Understudy answers for a Prefer header: give an error status from 400 to 599 (the service's own error for it), or leave the header out for the real answer.",
          code: 400,
        },
      }),
    ])
  })

  it('leaves armed faults armed: the header answers first, a fault answers the next request', async () => {
    const armed = await control(server.url, 'POST', '/faults', { status: 502, times: 1 })
    expect(
      (await fetch(`${router()}/presets`, { headers: { ...key, prefer: 'code=401' } })).status,
    ).toBe(401)
    expect((await control(server.url, 'GET', '/faults')).body).toEqual([
      { id: armed.body.id, status: 502, times: 1, remaining: 1, hits: 0 },
    ])
    expect((await fetch(`${router()}/presets`, { headers: key })).status).toBe(502)
  })
})

describe('in process', () => {
  const simulator = useSimulator({ beforeAll, afterEach, afterAll }, { seed: 'prefer', now: NOW })

  it('answers the same through msw and simulator.fetch', async () => {
    const direct = createSimulator({ seed: 'prefer', now: NOW })
    const init = { headers: { ...key, prefer: 'code=503' } }
    const viaMsw = await wire(await fetch(`${ROUTER}/presets/x`, init))
    const viaFetch = await wire(await direct.fetch(`${ROUTER}/presets/x`, init))
    expect(viaMsw).toEqual(viaFetch)
    expect(viaFetch).toEqual([
      503,
      { 'content-type': 'application/json', 'retry-after': '1', 'retry-after-ms': '10' },
      '{"error":{"message":"Service unavailable","code":503}}',
    ])
    expect(simulator.journal.last()?.fault).toEqual({ id: null, kind: 'prefer', status: 503 })
    expect(direct.journal.last()?.fault).toEqual({ id: null, kind: 'prefer', status: 503 })
  })
})
