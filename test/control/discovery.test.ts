/**
 * Discovery: one call returns the running scenario, every base URL, every organization with its feature
 * level and every account or key with its role, permissions and credentials: `simulator.describe()` in
 * process, `GET /__understudy` on the standalone server, and in short on the CLI's start-up output.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, scenarios } from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import type { CliServer } from '../support/cli.js'
import {
  ACME,
  control,
  controlOptions,
  createUser,
  NOW,
  ROUTER,
  startServerCli,
} from './support.js'

const alice = 'user_2understudyAlice00000000'

/** The default scenario's discovery, for the given URLs, seed and clock. */
function defaultDiscovery(options: {
  router: string
  messaging: string
  acme: string
  seed: string | number
  now?: string
}) {
  const user = (
    userId: number,
    email: string,
    fullName: string,
    role: string,
    apiKey: string,
    extra: Record<string, unknown> = {},
  ) => ({
    userId,
    email,
    fullName,
    role,
    canCreateUsers: false,
    isActive: true,
    bot: null,
    botOwnerId: null,
    systemBot: false,
    apiKey,
    dateJoined: options.now ?? NOW,
    ...extra,
  })
  return {
    scenario: { name: 'default', description: scenarios.default.description },
    seed: options.seed,
    clock: { now: options.now ?? NOW, fixed: true },
    latency: 0,
    services: {
      router: {
        baseUrl: options.router,
        workspaces: [
          {
            id: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01',
            name: 'Default',
            presetWrites: 'any-key',
            keys: [
              {
                key: 'sk-or-v1-understudy-default-inference',
                label: 'Default workspace inference key',
                kind: 'inference',
                disabled: false,
                userId: alice,
              },
              {
                key: 'sk-or-v1-understudy-default-management',
                label: 'Default workspace management key',
                kind: 'management',
                disabled: false,
                userId: alice,
              },
              {
                key: 'sk-or-v1-understudy-default-disabled',
                label: 'Default workspace disabled key',
                kind: 'inference',
                disabled: true,
                userId: alice,
              },
            ],
          },
          {
            id: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e02',
            name: 'Team B',
            presetWrites: 'any-key',
            keys: [
              {
                key: 'sk-or-v1-understudy-team-b-inference',
                label: 'Team B inference key',
                kind: 'inference',
                disabled: false,
                userId: 'user_2understudyBob000000000',
              },
            ],
          },
          {
            id: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e03',
            name: 'Locked',
            presetWrites: 'management-only',
            keys: [
              {
                key: 'sk-or-v1-understudy-locked-inference',
                label: 'Locked workspace inference key (may read, may not write presets)',
                kind: 'inference',
                disabled: false,
                userId: 'user_2understudyCarol0000000',
              },
              {
                key: 'sk-or-v1-understudy-locked-management',
                label: 'Locked workspace management key',
                kind: 'management',
                disabled: false,
                userId: 'user_2understudyCarol0000000',
              },
            ],
          },
        ],
        scripts: [],
      },
      messaging: {
        baseUrl: options.messaging,
        organizations: [
          {
            subdomain: 'acme',
            name: 'Acme',
            baseUrl: options.acme,
            featureLevel: 500,
            zulipVersion: '12.2',
            deactivated: false,
            users: [
              user(
                1,
                'desdemona@acme.example',
                'Desdemona',
                'owner',
                'OhbVrpoiVgRV5IfLBcbfnoGMbJmTPSIA',
              ),
              user(
                2,
                'iago@acme.example',
                'Iago',
                'administrator',
                'oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD',
                {
                  canCreateUsers: true,
                },
              ),
              user(
                3,
                'othello@acme.example',
                'Othello',
                'administrator',
                'Ih7yfJs1ON43xKmTecQoXsf2o3gyrDO1',
              ),
              user(
                4,
                'hamlet@acme.example',
                'King Hamlet',
                'member',
                'xkxwnQrS7RPeMOkIUpkDyr7OSJoRu1XX',
              ),
              user(
                5,
                'cordelia@acme.example',
                'Cordelia',
                'member',
                'do0cZuzren68K4TunPFz46PDjqipVJIq',
                {
                  isActive: false,
                },
              ),
              user(
                6,
                'provisioner-bot@acme.example',
                'Provisioner',
                'administrator',
                'VLB5LzxoiGFfWd3hjOkYRBMeyyMDHqJ3',
                { canCreateUsers: true, bot: 'generic', botOwnerId: 1 },
              ),
              user(
                7,
                'welcome-bot@zulip.com',
                'Welcome Bot',
                'member',
                '8aRUhR4IWrXPvhsBkDa9U4UqGWlG6g3O',
                {
                  bot: 'generic',
                  systemBot: true,
                },
              ),
            ],
          },
        ],
      },
    },
    journal: { count: 0, limit: 10_000, maxBytes: 64 * 1024 * 1024, bytes: 0 },
    faults: [],
    stubs: [],
  }
}

describe('in process, through msw', () => {
  const simulator = useSimulator({ beforeAll, afterEach, afterAll }, controlOptions)

  describe('simulator.describe()', () => {
    it('returns the scenario, every base URL, organization, account and key with its credentials', () => {
      expect(simulator.describe()).toEqual(
        defaultDiscovery({
          router: ROUTER,
          messaging: 'https://{subdomain}.zulipchat.com',
          acme: ACME,
          seed: 'control-tests',
        }),
      )
    })

    it('never shows a password', () => {
      const text = JSON.stringify(simulator.describe())
      expect(text).not.toContain('password')
      expect(text).not.toContain('iago-password')
    })

    it('uses the base URLs the simulator was created with', async () => {
      const custom = createSimulator({
        seed: 7,
        now: NOW,
        router: { baseUrl: 'https://router.test/v1/' },
        messaging: { baseUrl: 'https://chat.test/orgs/{subdomain}' },
      })
      await custom.ready
      expect(custom.describe()).toEqual(
        defaultDiscovery({
          router: 'https://router.test/v1',
          messaging: 'https://chat.test/orgs/{subdomain}',
          acme: 'https://chat.test/orgs/acme',
          seed: 7,
        }),
      )
    })

    it('shows the switched scenario, latency, armed faults, clock, journal size and new accounts', async () => {
      await simulator.useScenario('zulip-7')
      simulator.latency.set({ min: 1, max: 2 })
      const id = simulator.faults.inject({ service: 'router', status: 503, times: 2 })
      simulator.clock.advance(1_500)
      const created = await createUser(ACME, 'romeo@acme.example', 'Romeo Montague')
      expect(created.body).toEqual({ result: 'success', msg: '', user_id: 8 })

      const discovery = simulator.describe()
      expect(discovery.scenario).toEqual({
        name: 'zulip-7',
        description: scenarios['zulip-7'].description,
      })
      expect(discovery.latency).toEqual({ min: 1, max: 2 })
      expect(discovery.clock).toEqual({ now: '2026-01-01T00:00:01.500Z', fixed: true })
      expect(discovery.journal).toEqual({
        count: 1,
        limit: 10_000,
        maxBytes: 64 * 1024 * 1024,
        bytes: simulator.journal.bytes,
      })
      expect(discovery.journal.bytes).toBeGreaterThan(1024)
      expect(discovery.faults).toEqual([
        { service: 'router', status: 503, times: 2, id, remaining: 2, hits: 0 },
      ])
      const acme = discovery.services.messaging.organizations[0]
      expect([acme?.featureLevel, acme?.zulipVersion]).toEqual([185, '7.0'])
      expect(acme?.users.at(-1)).toEqual({
        userId: 8,
        email: 'romeo@acme.example',
        fullName: 'Romeo Montague',
        role: 'member',
        canCreateUsers: false,
        isActive: true,
        bot: null,
        botOwnerId: null,
        systemBot: false,
        apiKey: simulator.messaging.apiKeyOf('acme', 'romeo@acme.example'),
        dateJoined: '2026-01-01T00:00:01.500Z',
      })
      expect(acme?.users.at(-1)?.apiKey).toMatch(/^[A-Za-z0-9]{32}$/)
    })

    it('shows a feature level changed at run time', () => {
      simulator.messaging.setFeatureLevel('acme', 36)
      const acme = simulator.describe().services.messaging.organizations[0]
      expect([acme?.featureLevel, acme?.zulipVersion]).toEqual([36, '4.0-dev+git'])
    })

    it('returns a copy that changes nothing when edited', () => {
      const discovery = simulator.describe()
      discovery.services.router.workspaces[0]?.keys.splice(0)
      discovery.services.messaging.organizations.splice(0)
      expect(simulator.describe().services.router.workspaces[0]?.keys).toHaveLength(3)
      expect(simulator.describe().services.messaging.organizations).toHaveLength(1)
    })
  })
})

describe('GET /__understudy and the CLI banner', () => {
  let server: CliServer

  beforeAll(async () => {
    server = await startServerCli(['--seed', 'discovery', '--now', NOW])
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('returns the same discovery as describe() with the server’s URLs', async () => {
    const answer = await control(server.origin, 'GET')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(answer.body).toEqual(
      defaultDiscovery({
        router: `${server.origin}/router/api/v1`,
        messaging: `${server.origin}/messaging/{subdomain}`,
        acme: `${server.origin}/messaging/acme`,
        seed: 'discovery',
      }),
    )
  })

  it('answers with a trailing slash and a query string the same', async () => {
    const plain = await control(server.origin, 'GET')
    expect((await control(server.origin, 'GET', '/')).text).toBe(plain.text)
    expect((await control(server.origin, 'GET', '?verbose=1')).text).toBe(plain.text)
  })

  it('prints every base URL and the control URL at start', () => {
    expect(server.router).toBe(`${server.origin}/router/api/v1`)
    expect(server.messaging).toEqual({ acme: `${server.origin}/messaging/acme` })
    expect(server.output()).toContain(`\ncontrol    ${server.origin}/__understudy\n`)
  })

  it('prints every key and account of the discovery in short at start', async () => {
    const discovery = (await control(server.origin, 'GET')).body as ReturnType<
      typeof defaultDiscovery
    >
    const printed = server.output()
    for (const workspace of discovery.services.router.workspaces) {
      for (const key of workspace.keys) {
        const kind = key.disabled ? `${key.kind}, disabled` : key.kind
        expect(printed).toContain(`  router ${workspace.name}: ${key.key}  (${kind})\n`)
      }
    }
    for (const organization of discovery.services.messaging.organizations) {
      for (const user of organization.users.filter((u) => !u.systemBot)) {
        expect(printed).toContain(
          `  messaging ${organization.subdomain} (level ${organization.featureLevel}): ${user.email} ${user.apiKey}  (${user.role}`,
        )
      }
    }
    expect(printed).toContain(
      '  messaging acme (level 500): iago@acme.example oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD  (administrator, can_create_users)\n',
    )
    expect(printed).toContain(
      '  messaging acme (level 500): cordelia@acme.example do0cZuzren68K4TunPFz46PDjqipVJIq  (member, deactivated)\n',
    )
    expect(printed).not.toContain('password')
  })

  it('reflects run-time changes made over HTTP', async () => {
    await control(server.origin, 'PUT', '/messaging/acme/feature-level', { featureLevel: 185 })
    await control(server.origin, 'PUT', '/latency', { latency: 5 })
    const fault = await control(server.origin, 'POST', '/faults', {
      service: 'messaging',
      status: 429,
      retryAfter: 3,
    })
    await control(server.origin, 'POST', '/clock', { advanceMs: 1000 })
    const discovery = (await control(server.origin, 'GET')).body
    expect([
      discovery.services.messaging.organizations[0].featureLevel,
      discovery.latency,
      discovery.clock,
      discovery.faults,
    ]).toEqual([
      185,
      5,
      { now: '2026-01-01T00:00:01.000Z', fixed: true },
      [
        {
          service: 'messaging',
          status: 429,
          retryAfter: 3,
          id: fault.body.id,
          remaining: null,
          hits: 0,
        },
      ],
    ])
    await control(server.origin, 'DELETE', '/faults')
    await control(server.origin, 'PUT', '/latency', { latency: 0 })
    await control(server.origin, 'POST', '/reset')
  })

  it('shows a fault armed with a path pattern with its pattern, as GET /faults does', async () => {
    await control(server.origin, 'POST', '/faults', { status: 500, pathPattern: '^/presets/x' })
    const listed = (await control(server.origin, 'GET', '/faults')).body
    expect(listed).toEqual([
      {
        status: 500,
        path: { pattern: '^/presets/x' },
        id: expect.any(Number),
        remaining: null,
        hits: 0,
      },
    ])
    const discovery = (await control(server.origin, 'GET')).body
    await control(server.origin, 'DELETE', '/faults')
    // GET /__understudy lists a pattern as GET /faults does, the pattern as given.
    expect(discovery.faults).toEqual(listed)
  })
})
