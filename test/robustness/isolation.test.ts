/**
 * Isolation and secrets: a router key never reads or writes another workspace's presets; the credentials
 * of one messaging organization fail on another with the real 401; two simulators in one process never
 * see each other; passwords and API keys appear neither in the journal nor in any error message.
 */
import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultRouter } from '../../scenarios/default/router.js'
import { createSimulator, type ScenarioDefinition } from '../../src/entries/index.js'
import {
  accounts,
  basic,
  fcOptions,
  keys,
  NOW,
  type RawRequest,
  ROUTER,
  send,
  stateOf,
  workspaces,
} from './support.js'

describe('router workspaces', () => {
  const simulator = createSimulator({ seed: 'robust-isolation', now: NOW })
  const principals = [
    { key: keys.inference, workspace: workspaces.default, writes: true },
    { key: keys.management, workspace: workspaces.default, writes: true },
    { key: keys.teamB, workspace: workspaces.teamB, writes: true },
    { key: keys.lockedInference, workspace: workspaces.locked, writes: false },
    { key: keys.lockedManagement, workspace: workspaces.locked, writes: true },
  ]
  const slugs = ['alpha', 'beta', 'gamma']
  const action = fc.record({
    who: fc.nat(principals.length - 1),
    slug: fc.constantFrom(...slugs),
    kind: fc.constantFrom('create', 'get', 'versions', 'version', 'list'),
    version: fc.integer({ min: 1, max: 4 }),
  })

  it('a key reads and writes only its own workspace, against a model (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 25 }), async (actions) => {
        await simulator.reset()
        const model = new Map<string, Map<string, number>>(
          Object.values(workspaces).map((id) => [id, new Map()]),
        )
        for (const { who, slug, kind, version } of actions) {
          const principal = principals[who] as (typeof principals)[number]
          const mine = model.get(principal.workspace) as Map<string, number>
          const request: RawRequest = {
            method: kind === 'create' ? 'POST' : 'GET',
            url: `${ROUTER}${
              kind === 'create'
                ? `/presets/${slug}/chat/completions`
                : kind === 'get'
                  ? `/presets/${slug}`
                  : kind === 'versions'
                    ? `/presets/${slug}/versions`
                    : kind === 'version'
                      ? `/presets/${slug}/versions/${version}`
                      : '/presets'
            }`,
            headers: {
              authorization: `Bearer ${principal.key}`,
              'content-type': 'application/json',
            },
            body:
              kind === 'create'
                ? JSON.stringify({ messages: [{ role: 'user', content: slug }] })
                : undefined,
          }
          const response = await send(simulator, request)
          const body = JSON.parse(response.body)
          const count = mine.get(slug) ?? 0
          if (kind === 'create') {
            if (!principal.writes) expect(response.status).toBe(403)
            else {
              expect(response.status).toBe(200)
              mine.set(slug, count + 1)
              expect([body.data.workspace_id, body.data.designated_version.version]).toEqual([
                principal.workspace,
                count + 1,
              ])
            }
          } else if (kind === 'list') {
            expect(body.data.map((p: { slug: string }) => p.slug).sort()).toEqual(
              [...mine.keys()].sort(),
            )
            expect(
              body.data.every(
                (p: { workspace_id: string }) => p.workspace_id === principal.workspace,
              ),
            ).toBe(true)
          } else if (count === 0) {
            expect([response.status, body.error.message]).toEqual([404, 'Preset not found'])
          } else if (kind === 'version' && version > count) {
            expect([response.status, body.error.message]).toEqual([404, 'Preset version not found'])
          } else {
            expect(response.status).toBe(200)
            if (kind === 'versions') expect(body.total_count).toBe(count)
          }
          // No answer names another workspace.
          for (const other of Object.values(workspaces)) {
            if (other !== principal.workspace) expect(response.body).not.toContain(other)
          }
        }
        for (const [workspace, presets] of model) {
          const stored = simulator.router.presets(workspace)
          expect(Object.fromEntries(stored.map((p) => [p.slug, p.versions.length]))).toEqual(
            Object.fromEntries(presets),
          )
        }
      }),
      fcOptions(60),
    )
  })
})

const alpha = {
  admin: {
    email: 'admin@shared.example',
    key: 'AlphaAdmin0000000000000000000000',
    password: 'alpha-secret-pw',
  },
  member: {
    email: 'member@alpha.example',
    key: 'AlphaMember000000000000000000000',
    password: 'alpha-member-pw',
  },
}
const beta = {
  admin: {
    email: 'admin@shared.example',
    key: 'BetaAdmin00000000000000000000000',
    password: 'beta-secret-pw',
  },
}
const twoOrganizations: ScenarioDefinition = {
  name: 'two-organizations',
  router: defaultRouter,
  messaging: {
    organizations: [
      {
        subdomain: 'alpha',
        name: 'Alpha',
        users: [
          {
            email: alpha.admin.email,
            fullName: 'Alpha Admin',
            role: 'owner',
            canCreateUsers: true,
            apiKey: alpha.admin.key,
            password: alpha.admin.password,
          },
          {
            email: alpha.member.email,
            fullName: 'Alpha Member',
            role: 'member',
            apiKey: alpha.member.key,
            password: alpha.member.password,
          },
        ],
      },
      {
        subdomain: 'beta',
        name: 'Beta',
        users: [
          {
            email: beta.admin.email,
            fullName: 'Beta Admin',
            role: 'owner',
            canCreateUsers: true,
            apiKey: beta.admin.key,
            password: beta.admin.password,
          },
        ],
      },
    ],
  },
}

describe('messaging organizations', () => {
  const simulator = createSimulator({ scenario: twoOrganizations, seed: 'robust-orgs', now: NOW })
  const api = (subdomain: string) => `https://${subdomain}.zulipchat.com/api/v1`
  const call = (
    subdomain: string,
    as: { email: string; key: string },
    method: string,
    path: string,
    form?: Record<string, string>,
  ) =>
    send(simulator, {
      method,
      url: `${api(subdomain)}${path}`,
      headers: {
        authorization: basic(as),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    })
  const operations: Array<[string, string, Record<string, string>?]> = [
    ['GET', '/users'],
    ['POST', '/users', { email: 'x@alpha.example', password: 'correct-horse', full_name: 'X' }],
    ['GET', '/users/me'],
    ['GET', '/users/1'],
    ['GET', `/users/${alpha.member.email}`],
    ['GET', '/messages/1'],
    ['POST', '/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: 'Hi' }],
  ]

  it.each(operations)(
    'answers %s %s with the real 401 for credentials of another organization',
    async (method, path, form) => {
      const before = stateOf(simulator)
      for (const [subdomain, as] of [
        ['beta', alpha.admin],
        ['beta', alpha.member],
        ['alpha', beta.admin],
        // The right address for the organization, with the other organization's key.
        ['alpha', { email: alpha.admin.email, key: beta.admin.key }],
      ] as const) {
        const response = await call(subdomain, as, method, path, form)
        expect([response.status, response.body, response.headers['www-authenticate']]).toEqual([
          401,
          '{"result":"error","msg":"Account is not associated with this subdomain","code":"UNAUTHORIZED"}\n',
          'Basic realm="zulip"',
        ])
      }
      expect(stateOf(simulator)).toBe(before)
    },
  )

  it('keeps users and messages apart under any interleaving (property)', async () => {
    const step = fc.record({
      org: fc.constantFrom('alpha', 'beta'),
      kind: fc.constantFrom('create', 'welcome', 'read-user', 'read-message'),
      n: fc.nat(5),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        await simulator.reset()
        const created: Record<string, Set<string>> = { alpha: new Set(), beta: new Set() }
        const sent: Record<string, number[]> = { alpha: [], beta: [] }
        for (const { org, kind, n } of steps) {
          const admin = org === 'alpha' ? alpha.admin : beta.admin
          const other = org === 'alpha' ? 'beta' : 'alpha'
          const email = `user${n}@shared.example`
          if (kind === 'create') {
            const response = await call(org, admin, 'POST', '/users', {
              email,
              password: 'correct-horse',
              full_name: `User ${n}`,
            })
            expect(response.status).toBe(created[org]?.has(email) ? 400 : 200)
            created[org]?.add(email)
          } else if (kind === 'welcome') {
            const response = await call(
              org,
              admin,
              'POST',
              '/realm/test_welcome_bot_custom_message',
              { welcome_message_custom_text: org },
            )
            sent[org]?.push(JSON.parse(response.body).message_id)
          } else if (kind === 'read-user') {
            const response = await call(org, admin, 'GET', `/users/${email}`)
            expect(response.status).toBe(created[org]?.has(email) ? 200 : 400)
          } else {
            for (const id of sent[other] ?? []) {
              const response = await call(org, admin, 'GET', `/messages/${id}`)
              expect(JSON.parse(response.body).msg).toBe('Invalid message(s)')
            }
          }
        }
        for (const org of ['alpha', 'beta']) {
          const emails = simulator.messaging.users(org).map((u) => u.email)
          expect(emails.filter((e) => e.startsWith('user')).sort()).toEqual(
            [...(created[org] ?? [])].sort(),
          )
          // The test messages (beside the organization's onboarding messages and greetings).
          const tests = simulator.messaging
            .messages(org)
            .filter((m) => m.content.startsWith('A note from'))
          expect(tests.map((m) => m.id)).toEqual(sent[org])
          expect(tests.every((m) => m.content.includes(org))).toBe(true)
          // Each created user got one greeting, in its own organization only.
          const greeted = simulator.messaging
            .messages(org)
            .filter((m) => m.channel === null && !m.content.startsWith('A note from'))
            .map((m) => m.recipientEmail)
          for (const email of created[org] ?? []) expect(greeted).toContain(email)
        }
        const ids = ['alpha', 'beta'].flatMap((org) =>
          simulator.messaging.users(org).map((u) => u.userId),
        )
        expect(new Set(ids).size).toBe(ids.length)
      }),
      fcOptions(50),
    )
  })
})

describe('two simulators in one process', () => {
  const one = createSimulator({ seed: 'same', now: NOW })
  const two = createSimulator({ seed: 'same', now: NOW })
  const viaMsw = createSimulator({
    seed: 'same',
    now: NOW,
    router: { baseUrl: 'https://router.other.example/api/v1' },
    messaging: { baseUrl: 'https://{subdomain}.other.example' },
  })
  const server = setupServer(...one.handlers, ...viaMsw.handlers)
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => server.close())

  it('never see each other: data, journal, clock, faults, feature levels and rate limits', async () => {
    await Promise.all([one.reset(), two.reset(), viaMsw.reset()])
    const emptyTwo = stateOf(two)
    const emptyOther = stateOf(viaMsw)
    one.faults.inject({ service: 'router', status: 503 })
    one.clock.advance(60_000)
    one.messaging.setFeatureLevel('acme', 100)
    one.messaging.setRateLimit('acme', true)
    const created = await fetch(`${ROUTER}/presets/only-one/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }),
    })
    expect(created.status).toBe(503)
    one.faults.clear()
    await fetch(`https://acme.zulipchat.com/api/v1/users`, {
      method: 'POST',
      headers: { authorization: basic(accounts.iago) },
      body: new URLSearchParams({
        email: 'one@acme.example',
        password: 'correct-horse',
        full_name: 'One',
      }),
    })
    const other = await fetch('https://router.other.example/api/v1/presets', {
      headers: { authorization: `Bearer ${keys.inference}` },
    })
    expect(await other.json()).toEqual({ data: [], total_count: 0 })
    expect(one.messaging.users('acme').map((u) => u.email)).toContain('one@acme.example')
    expect([stateOf(two), stateOf(viaMsw)]).toEqual([emptyTwo, emptyOther])
    expect([two.journal.count(), viaMsw.journal.count(), one.journal.count()]).toEqual([0, 1, 2])
    expect([
      two.clock.iso(),
      two.faults.list(),
      two.messaging.featureLevel('acme'),
      two.messaging.rateLimit('acme'),
    ]).toEqual([NOW, [], 500, null])
    // simulator.dispatch offers a request to its own services only, by origin and path.
    expect(
      await two.dispatch(
        {
          method: 'GET',
          url: 'https://router.other.example/api/v1/presets',
          path: '/api/v1/presets',
          query: new URLSearchParams(),
          headers: {},
          body: undefined,
        },
        'server',
      ),
    ).toBeUndefined()
    await one.reset()
    expect(one.messaging.rateLimit('acme')).toBeNull()
  })
})

describe('secrets', () => {
  const simulator = createSimulator({
    scenario: twoOrganizations,
    seed: 'robust-secrets',
    now: NOW,
  })
  const created = { email: 'new@alpha.example', password: 'brand-new-secret-pw' }

  it('never puts a password or an API key in the journal or in an answer', async () => {
    const answers: string[] = []
    const go = async (request: RawRequest) => answers.push((await send(simulator, request)).body)
    const alphaApi = 'https://alpha.zulipchat.com/api/v1'
    const form = 'application/x-www-form-urlencoded'
    await go({
      method: 'POST',
      url: `${alphaApi}/users`,
      headers: { authorization: basic(alpha.admin), 'content-type': form },
      body: new URLSearchParams({ ...created, full_name: 'New' }).toString(),
    })
    const generated = simulator.messaging.apiKeyOf('alpha', created.email) as string
    expect(generated).toMatch(/^[A-Za-z0-9]{32}$/)
    await go({
      method: 'GET',
      url: `${alphaApi}/users/me`,
      headers: { authorization: basic({ email: created.email, key: generated }) },
    })
    await go({
      method: 'POST',
      url: `${alphaApi}/users?password=${alpha.member.password}&api_key=${alpha.member.key}`,
      headers: { authorization: basic(alpha.admin), 'content-type': form },
      body: 'email=q@alpha.example&full_name=Q',
    })
    await go({
      method: 'POST',
      url: `${alphaApi}/users`,
      headers: {
        authorization: basic(alpha.admin),
        'content-type': 'multipart/form-data; boundary=s',
      },
      body: `--s\r\nContent-Disposition: form-data; name="password"\r\n\r\n${beta.admin.password}\r\n--s\r\nContent-Disposition: form-data; name="key"\r\n\r\n${beta.admin.key}\r\n--s--`,
    })
    // Failed authentications, on the right and the wrong organization, with every kind of credential.
    for (const account of [
      alpha.admin,
      alpha.member,
      beta.admin,
      { email: 'nobody@x.example', key: alpha.admin.key },
    ]) {
      await go({
        method: 'GET',
        url: 'https://beta.zulipchat.com/api/v1/users',
        headers: { authorization: basic(account) },
      })
      await go({
        method: 'GET',
        url: `${alphaApi}/users`,
        headers: {
          authorization: `Basic ${Buffer.from(`${account.email}:${account.key}x`).toString('base64')}`,
        },
      })
    }
    await go({
      method: 'GET',
      url: `${alphaApi}/users`,
      headers: { authorization: `Bearer ${alpha.admin.key}` },
    })
    for (const key of Object.values(keys)) {
      await go({
        method: 'GET',
        url: `${ROUTER}/presets`,
        headers: { authorization: `Bearer ${key}` },
      })
      await go({
        method: 'GET',
        url: `${ROUTER}/presets?key=${key}&token=${key}`,
        headers: { authorization: `Bearer ${key}x` },
      })
      await go({
        method: 'POST',
        url: `${ROUTER}/presets/s/chat/completions`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [{ role: 'user', content: 'x' }],
          api_key: key,
          password: key,
          authorization: key,
        }),
      })
    }
    simulator.faults.inject({ service: 'messaging', status: 500, times: 1 })
    await go({
      method: 'POST',
      url: `${alphaApi}/users`,
      headers: { authorization: basic(alpha.admin), 'content-type': form },
      body: `email=f@alpha.example&password=${alpha.admin.password}&full_name=F`,
    })

    const secrets = [
      ...Object.values(keys),
      ...[alpha.admin, alpha.member, beta.admin].flatMap((a) => [
        a.key,
        a.password,
        basic(a).slice(6),
      ]),
      created.password,
      generated,
      ...simulator.messaging.organizations().flatMap((o) => o.users.map((u) => u.apiKey)),
    ]
    const journal = JSON.stringify(simulator.journal.entries())
    expect(simulator.journal.count()).toBe(answers.length)
    for (const secret of secrets) {
      expect(journal, secret).not.toContain(secret)
      for (const answer of answers) expect(answer, secret).not.toContain(secret)
    }
    expect(journal).toContain('[redacted]')
  })

  it('names no secret in the errors the simulator throws', async () => {
    const messages: string[] = []
    const capture = (work: () => unknown) => {
      try {
        work()
      } catch (error) {
        messages.push(String(error))
      }
    }
    capture(() =>
      createSimulator({
        scenario: {
          name: 'broken',
          messaging: {
            organizations: [
              {
                subdomain: 'x',
                name: 'X',
                users: [
                  {
                    email: 'a@x.example',
                    fullName: 'A',
                    apiKey: 'short-secret-key',
                    password: 'pw-in-scenario',
                  },
                  { email: 'b@x.example', fullName: 'B', apiKey: alpha.admin.key, password: 'pw2' },
                  { email: 'c@x.example', fullName: 'C', apiKey: alpha.admin.key, password: 'pw3' },
                ],
              },
            ],
          },
        },
      }),
    )
    capture(() => simulator.messaging.users('nope'))
    capture(() => simulator.messaging.setRateLimit('alpha', { perMinute: 0 }))
    capture(() => simulator.messaging.setFeatureLevel('alpha', -1))
    expect(messages).toHaveLength(4)
    for (const message of messages) {
      for (const secret of [
        'short-secret-key',
        'pw-in-scenario',
        alpha.admin.key,
        alpha.admin.password,
        beta.admin.key,
      ]) {
        expect(message).not.toContain(secret)
      }
    }
  })
})
