/**
 * Every route of the HTTP control surface under `/__understudy` on the standalone server (the CLI as a
 * child process): its answer, the 400 for input it cannot act on, and the 404 for an unknown route.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { scenarios } from '../../src/entries/index.js'
import type { CliServer } from '../support/cli.js'
import { control, createPreset, NOW, routerCall, startServerCli } from './support.js'

let server: CliServer
let origin: string

beforeAll(async () => {
  server = await startServerCli(['--seed', 'http-control', '--now', NOW])
  origin = server.origin
}, 60_000)
afterEach(async () => {
  await control(origin, 'DELETE', '/faults')
  await control(origin, 'PUT', '/latency', { latency: 0 })
  await control(origin, 'PUT', '/scenario', { name: 'default' })
  await control(origin, 'PUT', '/seed', { seed: 'http-control' })
  await control(origin, 'DELETE', '/journal')
})
afterAll(async () => {
  await server?.stop()
})

const problem = (message: string) => ({ error: { message } })

/** Sends a control request and returns [status, body]. */
async function send(method: string, path: string, body?: unknown) {
  const answer = await control(origin, method, path, body)
  expect(answer.headers.get('content-type')).toBe('application/json')
  return [answer.status, answer.body]
}

describe('GET /__understudy', () => {
  it('answers the discovery, with or without a trailing slash', async () => {
    const [status, body] = await send('GET', '')
    expect(status).toBe(200)
    expect(body.scenario.name).toBe('default')
    expect(body.services.router.baseUrl).toBe(server.router)
    expect(await send('GET', '/')).toEqual([200, body])
  })
})

describe('GET /__understudy/scenarios', () => {
  it('lists every built-in scenario with its description', async () => {
    expect(await send('GET', '/scenarios')).toEqual([
      200,
      Object.entries(scenarios).map(([name, scenario]) => ({
        name,
        description: scenario.description,
      })),
    ])
  })
})

describe('PUT /__understudy/scenario and POST /__understudy/reset', () => {
  it('switches by name and by definition', async () => {
    expect(await send('PUT', '/scenario', { name: 'zulip-7' })).toEqual([
      200,
      { scenario: 'zulip-7' },
    ])
    expect(
      (await control(origin, 'GET')).body.services.messaging.organizations[0].featureLevel,
    ).toBe(185)
    expect(
      await send('PUT', '/scenario', {
        definition: { name: 'bare', messaging: { organizations: [] } },
      }),
    ).toEqual([200, { scenario: 'bare' }])
    const discovery = (await control(origin, 'GET')).body
    expect([discovery.scenario, discovery.services]).toEqual([
      { name: 'bare', description: '' },
      {
        router: { baseUrl: server.router, workspaces: [], scripts: [] },
        messaging: { baseUrl: `${origin}/messaging/{subdomain}`, organizations: [] },
      },
    ])
  })

  it('resets to the current scenario’s initial state', async () => {
    await createPreset(server.router, 'gone')
    expect(await send('POST', '/reset')).toEqual([200, { scenario: 'default' }])
    expect((await routerCall(server.router, 'GET', '/presets')).body).toEqual({
      data: [],
      total_count: 0,
    })
  })

  it.each<[string, unknown, string]>([
    [
      'an empty body',
      '',
      '[understudy] Failed to switch the scenario: give "name" or "definition" (one of them).',
    ],
    [
      'both name and definition',
      { name: 'default', definition: { name: 'x' } },
      '[understudy] Failed to switch the scenario: give "name" or "definition" (one of them).',
    ],
    [
      'an unknown field',
      { scenario: 'default' },
      '[understudy] Failed to switch the scenario: scenario: unknown field.',
    ],
    [
      'a name that is not text',
      { name: 7 },
      '[understudy] Failed to switch the scenario: name: must be a string (got 7).',
    ],
    [
      'an unknown name',
      { name: 'nope' },
      '[understudy] Failed to load scenario "nope": no such scenario. Known scenarios: default, empty, presets-history, restricted-domains, zulip-4, zulip-7.',
    ],
    [
      'a definition that does not validate',
      { definition: { name: 'x', router: { workspaces: [{ id: 'x', name: 'W', keys: [] }] } } },
      '[understudy] Failed to load scenario "x": router.workspaces.0.id: Invalid UUID.',
    ],
    [
      'a definition with an unknown key',
      { definition: { name: 'x', extra: true } },
      '[understudy] Failed to load scenario "x": (root): Unrecognized key: "extra".',
    ],
    ['a body that is not JSON', '{name', 'the body is not valid JSON'],
    ['a JSON array', '["default"]', 'the body must be a JSON object'],
    ['JSON null', 'null', 'the body must be a JSON object'],
    [
      'a body of 10,001 keys in one object (refused before it is parsed)',
      `{"definition":{${Array.from({ length: 10_001 }, (_, i) => `"k${i}":1`).join(',')}}}`,
      'the body must have at most 10000 keys in one object',
    ],
    [
      'a body nested 1,001 levels deep (refused before it is parsed)',
      `{"definition":${'['.repeat(1000)}${']'.repeat(1000)}}`,
      'the body must be nested at most 1000 levels deep',
    ],
  ])('refuses %s with 400 and keeps the scenario', async (_, body, message) => {
    expect(await send('PUT', '/scenario', body)).toEqual([400, problem(message)])
    expect((await control(origin, 'GET')).body.scenario.name).toBe('default')
  })

  it('refuses a body that is not UTF-8 with 400', async () => {
    const response = await fetch(`${origin}/__understudy/scenario`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    })
    expect([response.status, await response.json()]).toEqual([
      400,
      problem('the body is not valid UTF-8'),
    ])
  })
})

describe('/__understudy/journal', () => {
  it('answers the entries and their count, the count alone, and clears them', async () => {
    await routerCall(server.router, 'GET', '/presets')
    await routerCall(server.router, 'GET', '/presets/x')
    const [status, body] = await send('GET', '/journal?status=404')
    expect([status, body.count, body.entries.map((e: { path: string }) => e.path)]).toEqual([
      200,
      1,
      ['/presets/x'],
    ])
    expect(await send('GET', '/journal/count')).toEqual([200, { count: 2 }])
    expect(await send('GET', '/journal/count/')).toEqual([200, { count: 2 }])
    expect(await send('DELETE', '/journal')).toEqual([200, { count: 0 }])
    expect(await send('GET', '/journal')).toEqual([200, { entries: [], count: 0 }])
  })

  it.each([
    ['/journal?status=abc', 'status: must be a number'],
    ['/journal?status=4044', 'status: must be a number'],
    ['/journal/count?status=', 'status: must be a number'],
    [
      '/journal?since=yesterday',
      'since: must be an ISO time or epoch milliseconds (got "yesterday")',
    ],
    ['/journal/count?until=soon', 'until: must be an ISO time or epoch milliseconds (got "soon")'],
    ['/journal?limit=5', 'limit: unknown field'],
    ['/journal?service=router&service=messaging', 'service: is given more than once'],
    ['/journal/count?status=200&status=404', 'status: is given more than once'],
    ['/journal.har?operation=getPreset&operation=getPreset', 'operation: is given more than once'],
    ['/journal?since=1&until=2&since=1', 'since: is given more than once'],
  ])('refuses GET %s with 400', async (path, message) => {
    expect(await send('GET', path)).toEqual([
      400,
      problem(`[understudy] Failed to read the journal: ${message}.`),
    ])
  })
})

describe('/__understudy/faults', () => {
  it('arms, lists and disarms faults', async () => {
    const [created, { id }] = await send('POST', '/faults', {
      service: 'router',
      status: 500,
      times: 2,
    })
    expect(created).toBe(201)
    const [, pattern] = await send('POST', '/faults', {
      pathPattern: '^/api/v1/users$',
      delayMs: 1,
    })
    expect(await send('GET', '/faults')).toEqual([
      200,
      [
        { service: 'router', status: 500, times: 2, id, remaining: 2, hits: 0 },
        {
          path: { pattern: '^/api/v1/users$' },
          delayMs: 1,
          id: pattern.id,
          remaining: null,
          hits: 0,
        },
      ],
    ])
    expect(await send('DELETE', `/faults/${id}`)).toEqual([
      200,
      [
        {
          path: { pattern: '^/api/v1/users$' },
          delayMs: 1,
          id: pattern.id,
          remaining: null,
          hits: 0,
        },
      ],
    ])
    expect(await send('DELETE', '/faults/999999')).toEqual([
      200,
      [
        {
          path: { pattern: '^/api/v1/users$' },
          delayMs: 1,
          id: pattern.id,
          remaining: null,
          hits: 0,
        },
      ],
    ])
    expect(await send('DELETE', '/faults')).toEqual([200, []])
  })

  it.each<[string, unknown, string]>([
    ['no effect', { service: 'router' }, 'give a status, a network fault or a delay'],
    [
      'a bad status',
      { status: 600 },
      'status: must be an HTTP status from 200 to 599 other than 204, 205 and 304, which carry no body (got 600)',
    ],
    [
      'an interim status (it would leave the client waiting)',
      { status: 101 },
      'status: must be an HTTP status from 200 to 599 other than 204, 205 and 304, which carry no body (got 101)',
    ],
    [
      'a status without a body',
      { status: 204 },
      'status: must be an HTTP status from 200 to 599 other than 204, 205 and 304, which carry no body (got 204)',
    ],
    [
      'a status as text',
      { status: '500' },
      'status: must be an HTTP status from 200 to 599 other than 204, 205 and 304, which carry no body (got "500")',
    ],
    [
      'an unknown service',
      { service: 'email', status: 500 },
      'service: must be "router" or "messaging" (got "email")',
    ],
    [
      'an unknown network fault',
      { network: 'drop' },
      'network: must be "reset" or "hang" (got "drop")',
    ],
    [
      'zero times',
      { status: 500, times: 0 },
      'times: must be a whole number from 1 to 9007199254740991 (got 0)',
    ],
    [
      'a negative delay',
      { delayMs: -5 },
      'delayMs: must be a number of milliseconds from 0 to 2147483647 (got -5)',
    ],
    [
      'a delay longer than a timer holds (it would fire after 1 ms)',
      { delayMs: 1e10 },
      'delayMs: must be a number of milliseconds from 0 to 2147483647 (got 10000000000)',
    ],
    ['a path that is not text', { status: 500, path: 1 }, 'path: must be a string (got 1)'],
    [
      'an invalid path pattern',
      { status: 500, pathPattern: '(' },
      'pathPattern: must be a regular expression in RE2 syntax, without backreferences or lookaround (missing closing ): `(`)',
    ],
    [
      'a path pattern with a backreference',
      { status: 500, pathPattern: '^/(a)\\1$' },
      'pathPattern: must be a regular expression in RE2 syntax, without backreferences or lookaround (invalid escape sequence: `\\1`)',
    ],
    [
      'a path pattern with a lookahead',
      { status: 500, pathPattern: '^/(?=a)' },
      'pathPattern: must be a regular expression in RE2 syntax, without backreferences or lookaround (invalid or unsupported Perl syntax: `(?=`)',
    ],
    [
      'a path pattern that is not text',
      { status: 500, pathPattern: 1 },
      'pathPattern: must be a string (a regular expression in RE2 syntax)',
    ],
    [
      'both a path and a path pattern',
      { status: 500, path: '/a', pathPattern: '^/a' },
      'pathPattern: give either path or pathPattern, not both',
    ],
    ['an unknown field', { status: 500, after: 1 }, 'after: unknown field'],
  ])('refuses a fault with %s with 400', async (_, body, why) => {
    expect(await send('POST', '/faults', body)).toEqual([
      400,
      problem(`[understudy] Failed to inject a fault: ${why}.`),
    ])
    expect(await send('GET', '/faults')).toEqual([200, []])
  })

  it.each<[string, unknown, string]>([
    ['a body that is not JSON', 'status=500', 'the body is not valid JSON'],
    ['a JSON array', [{ status: 500 }], 'the body must be a JSON object'],
  ])('refuses a fault body with %s with 400', async (_, body, message) => {
    expect(await send('POST', '/faults', body)).toEqual([400, problem(message)])
    expect(await send('GET', '/faults')).toEqual([200, []])
  })
})

describe('/__understudy/latency', () => {
  it('reads and sets a fixed or a ranged latency', async () => {
    expect(await send('GET', '/latency')).toEqual([200, { latency: 0 }])
    expect(await send('PUT', '/latency', { latency: 10 })).toEqual([200, { latency: 10 }])
    expect(await send('PUT', '/latency', { latency: { min: 1, max: 3 } })).toEqual([
      200,
      { latency: { min: 1, max: 3 } },
    ])
    expect(await send('GET', '/latency')).toEqual([200, { latency: { min: 1, max: 3 } }])
  })

  it.each<[unknown, string]>([
    [{ latency: -1 }, '-1'],
    [{ latency: '50' }, '"50"'],
    [{ latency: { min: 9, max: 1 } }, '{"min":9,"max":1}'],
    [{ latency: 1e10 }, '10000000000'],
    [{ latency: { min: 0, max: 2 ** 31 } }, '{"min":0,"max":2147483648}'],
  ])('refuses %j with 400', async (body, shown) => {
    expect(await send('PUT', '/latency', body)).toEqual([
      400,
      problem(
        `[understudy] Failed to set the latency: latency: must be a number of milliseconds from 0 to 2147483647, or { min, max } with 0 <= min <= max <= 2147483647 (got ${shown}).`,
      ),
    ])
    expect(await send('GET', '/latency')).toEqual([200, { latency: 0 }])
  })

  it('refuses a body without a latency with 400 and the latency message', async () => {
    const [status, body] = await send('PUT', '/latency', {})
    expect(status).toBe(400)
    expect(body.error.message).toMatch(/^\[understudy\] Failed to set the latency: /)
  })
})

describe('/__understudy/clock', () => {
  it('reads, advances and sets the clock', async () => {
    expect(await send('GET', '/clock')).toEqual([200, { now: NOW, fixed: true }])
    expect(await send('POST', '/clock', { advanceMs: 1_000 })).toEqual([
      200,
      { now: '2026-01-01T00:00:01.000Z', fixed: true },
    ])
    expect(await send('POST', '/clock', { set: 1_767_225_600_000 })).toEqual([
      200,
      { now: NOW, fixed: true },
    ])
    expect(await send('POST', '/clock', {})).toEqual([200, { now: NOW, fixed: true }])
  })

  it.each<[unknown, string]>([
    [
      { advanceMs: -1 },
      '[understudy] Failed to move the clock: advanceMs: must be a number of milliseconds >= 0 (got -1).',
    ],
    [
      { advanceMs: '1000' },
      '[understudy] Failed to move the clock: advanceMs: must be a number of milliseconds >= 0 (got "1000").',
    ],
    [
      { advanceMs: 1e300 },
      '[understudy] Failed to move the clock: advanceMs: must be a number of milliseconds >= 0 (got 1e+300).',
    ],
    [
      { advanceMs: 1e16 },
      '[understudy] Failed to advance the clock: 10000000000000000 ms from 2026-01-01T00:00:00.000Z would pass the latest time a Date can hold (+275760-09-13T00:00:00.000Z).',
    ],
    [
      { set: 1e16 },
      '[understudy] Failed to move the clock: set: must be an ISO 8601 time, epoch milliseconds or a Date, within ±8.64e15 ms of 1970 (got 10000000000000000).',
    ],
    [
      { set: 8.64e15, advanceMs: 1 },
      '[understudy] Failed to advance the clock: 1 ms from +275760-09-13T00:00:00.000Z would pass the latest time a Date can hold (+275760-09-13T00:00:00.000Z).',
    ],
    [
      { set: 'tomorrow' },
      '[understudy] Failed to move the clock: set: must be an ISO 8601 time, epoch milliseconds or a Date, within ±8.64e15 ms of 1970 (got "tomorrow").',
    ],
    [{ advance: 1000 }, '[understudy] Failed to move the clock: advance: unknown field.'],
  ])('refuses %j with 400 and leaves the clock as it was', async (body, message) => {
    expect(await send('POST', '/clock', body)).toEqual([400, problem(message)])
    expect(await send('GET', '/clock')).toEqual([200, { now: NOW, fixed: true }])
    // Everything that reads the clock still works.
    expect((await send('GET', ''))[0]).toBe(200)
    expect((await send('GET', '/journal'))[0]).toBe(200)
  })
})

describe('PUT /__understudy/seed', () => {
  it('sets the seed', async () => {
    expect(await send('PUT', '/seed', { seed: 'other' })).toEqual([200, { seed: 'other' }])
    expect((await control(origin, 'GET')).body.seed).toBe('other')
  })

  it.each<[unknown, string]>([
    [{}, 'nothing'],
    [{ seed: '' }, '""'],
    [{ seed: true }, 'true'],
  ])('refuses %j with 400', async (body, shown) => {
    expect(await send('PUT', '/seed', body)).toEqual([
      400,
      problem(
        `[understudy] Failed to set the seed: seed: must be a non-empty string or a finite number (got ${shown}).`,
      ),
    ])
    expect((await control(origin, 'GET')).body.seed).toBe('http-control')
  })
})

describe('PUT /__understudy/messaging/{subdomain}/feature-level', () => {
  it('changes an organization’s feature level until the next reset', async () => {
    expect(await send('PUT', '/messaging/acme/feature-level', { featureLevel: 36 })).toEqual([
      200,
      { subdomain: 'acme', featureLevel: 36 },
    ])
    const settings = await fetch(`${server.messaging.acme}/api/v1/server_settings`)
    expect(((await settings.json()) as { zulip_feature_level: number }).zulip_feature_level).toBe(
      36,
    )
    await control(origin, 'POST', '/reset')
    expect(
      (await control(origin, 'GET')).body.services.messaging.organizations[0].featureLevel,
    ).toBe(500)
  })

  it.each<[string, unknown, string]>([
    [
      '/messaging/acme/feature-level',
      { featureLevel: 'high' },
      '[understudy] Failed to set the messaging feature level of "acme": high is not a feature level the simulator models (a whole number from 1 to 512).',
    ],
    [
      '/messaging/acme/feature-level',
      { featureLevel: 0 },
      '[understudy] Failed to set the messaging feature level of "acme": 0 is not a feature level the simulator models (a whole number from 1 to 512).',
    ],
    [
      '/messaging/acme/feature-level',
      { featureLevel: 9999 },
      '[understudy] Failed to set the messaging feature level of "acme": 9999 is not a feature level the simulator models (a whole number from 1 to 512).',
    ],
    [
      '/messaging/nowhere/feature-level',
      { featureLevel: 36 },
      '[understudy] Failed to find the messaging organization "nowhere". Known organizations: acme.',
    ],
  ])('refuses PUT %s %j with 400', async (path, body, message) => {
    expect(await send('PUT', path, body)).toEqual([400, problem(message)])
  })
})

describe('unknown control routes', () => {
  it.each([
    ['GET', '/nope'],
    ['POST', ''],
    ['GET', '/reset'],
    ['PATCH', '/faults'],
    ['DELETE', '/faults/abc'],
    ['GET', '/faults/1'],
    ['POST', '/journal'],
    ['PUT', '/messaging/acme'],
  ])('answers %s /__understudy%s with 404 naming the route', async (method, path) => {
    const route = `${method} ${path || '/'}`
    expect(await send(method, path)).toEqual([
      404,
      problem(`No control operation ${route}. See GET /__understudy.`),
    ])
  })

  it('leaves paths that only start like the prefix to the server’s own 404', async () => {
    const response = await fetch(`${origin}/__understudyx`)
    expect(response.status).toBe(404)
    expect(((await response.json()) as { message: string }).message).toBe(
      'No simulated service at /__understudyx',
    )
  })
})
