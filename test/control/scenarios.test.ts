/**
 * Scenarios: the six named ones, a consumer's own typed scenario, switching at run time, `reset()` back to
 * the current scenario's initial state, and refusal of a scenario that does not validate, in process and
 * on the standalone server (`--scenario`, `PUT /__understudy/scenario`, `POST /__understudy/reset`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  createSimulator,
  defineScenario,
  type ScenarioName,
  type Simulator,
  scenarios,
} from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import { type CliServer, runCli } from '../support/cli.js'
import customScenario, {
  FIXTURE_ADMIN,
  FIXTURE_KEY,
  FIXTURE_WORKSPACE,
} from './fixtures/custom-scenario.js'
import invalidScenario from './fixtures/invalid-scenario.js'
import {
  ACME,
  control,
  controlOptions,
  createPreset,
  createUser,
  messagingCall,
  NOW,
  ROUTER,
  routerCall,
  startServerCli,
  workspaces,
} from './support.js'

const INVALID_MESSAGE =
  '[understudy] Failed to load scenario "invalid-fixture": router.workspaces.0.id: Invalid UUID; messaging.organizations.0.users.0.apiKey: must be 32 characters from A-Z a-z 0-9; messaging.organizations.1.subdomain: is used by another organization.'
const UNKNOWN_MESSAGE =
  '[understudy] Failed to load scenario "nope": no such scenario. Known scenarios: default, empty, presets-history, restricted-domains, zulip-4, zulip-7.'

/** Everything a reset must put back, as text, so that the comparison is byte for byte. */
function snapshot(sim: Simulator, subdomain = 'acme') {
  return JSON.stringify({
    describe: sim.describe(),
    presets: sim.describe().services.router.workspaces.map((w) => sim.router.presets(w.id)),
    users: sim.messaging.users(subdomain),
    messages: sim.messaging.messages(subdomain),
  })
}

const organizationsOf = (sim: Simulator) =>
  sim
    .describe()
    .services.messaging.organizations.map((o) => [o.subdomain, o.featureLevel, o.zulipVersion])

describe('in process, through msw', () => {
  const simulator = useSimulator({ beforeAll, afterEach, afterAll }, controlOptions)
  afterEach(() => simulator.useScenario('default'))

  describe('named scenarios in process', () => {
    it('loads the default scenario when none is named', async () => {
      const fresh = createSimulator({ seed: 1, now: NOW })
      await fresh.ready
      expect(fresh.scenario.name).toBe('default')
      expect(
        fresh.describe().services.router.workspaces.map((w) => [w.name, w.keys.length]),
      ).toEqual([
        ['Default', 3],
        ['Team B', 1],
        ['Locked', 2],
      ])
      expect(organizationsOf(fresh)).toEqual([['acme', 500, '12.2']])
      expect(fresh.messaging.users('acme').map((u) => u.email)).toEqual([
        'desdemona@acme.example',
        'iago@acme.example',
        'othello@acme.example',
        'hamlet@acme.example',
        'cordelia@acme.example',
        'provisioner-bot@acme.example',
        'welcome-bot@zulip.com',
      ])
      expect(fresh.router.presets(workspaces.default)).toEqual([])
    })

    it.each<[ScenarioName, Array<[string, number, string]>, string[]]>([
      ['default', [['acme', 500, '12.2']], []],
      ['empty', [['acme', 500, '12.2']], []],
      [
        'presets-history',
        [['acme', 500, '12.2']],
        ['summarizer', 'support-bot', 'legacy-helper', 'retired'],
      ],
      ['restricted-domains', [['restricted', 500, '12.2']], []],
      ['zulip-4', [['acme', 35, '4.0-dev+git']], []],
      ['zulip-7', [['acme', 185, '7.0']], []],
    ])(
      'loads scenario %s with its organizations, feature levels and presets',
      async (name, organizations, slugs) => {
        const loaded = createSimulator({ scenario: name, seed: 1, now: NOW })
        await loaded.ready
        expect(loaded.scenario.name).toBe(name)
        expect(loaded.describe().scenario).toEqual({
          name,
          description: scenarios[name].description,
        })
        expect(organizationsOf(loaded)).toEqual(organizations)
        expect(loaded.router.presets(workspaces.default).map((p) => p.slug)).toEqual(slugs)
      },
    )

    it('keeps the history of presets-history: versions, statuses and times', async () => {
      const loaded = createSimulator({ scenario: 'presets-history', seed: 1, now: NOW })
      await loaded.ready
      expect(
        loaded.router
          .presets(workspaces.default)
          .map((p) => [p.slug, p.status, p.versions.map((v) => v.version), p.updated_at]),
      ).toEqual([
        ['summarizer', 'active', [1], '2026-01-04T09:00:00.000Z'],
        ['support-bot', 'active', [1, 2, 3], '2026-01-03T09:00:00.000Z'],
        ['legacy-helper', 'disabled', [1], '2025-06-01T09:00:00.000Z'],
        ['retired', 'archived', [1, 2], '2025-04-01T09:00:00.000Z'],
      ])
    })
  })

  describe('switching and resetting in process', () => {
    it('switches scenario at run time and answers requests from the new one', async () => {
      await simulator.useScenario('zulip-4')
      expect(simulator.scenario.name).toBe('zulip-4')
      const settings = await messagingCall(ACME, 'GET', '/api/v1/server_settings', { as: null })
      expect([settings.body.zulip_feature_level, settings.body.zulip_version]).toEqual([
        35,
        '4.0-dev+git',
      ])

      await simulator.useScenario('presets-history')
      const list = await routerCall(ROUTER, 'GET', '/presets')
      expect(list.status).toBe(200)
      expect(list.body.data.map((p: { slug: string }) => p.slug)).toEqual([
        'summarizer',
        'support-bot',
        'legacy-helper',
        'retired',
      ])
      const again = await messagingCall(ACME, 'GET', '/api/v1/server_settings', { as: null })
      expect(again.body.zulip_feature_level).toBe(500)
    })

    it('answers an organization of the previous scenario as unknown after a switch', async () => {
      await simulator.useScenario('restricted-domains')
      const restricted = await messagingCall(
        'https://restricted.zulipchat.com',
        'GET',
        '/api/v1/users/me',
      )
      expect([restricted.status, restricted.body.email]).toEqual([200, 'iago@acme.example'])
      const url = `${ACME}/api/v1/users/me`
      const gone = await simulator.dispatch(
        {
          method: 'GET',
          url,
          path: '/api/v1/users/me',
          query: new URLSearchParams(),
          headers: {},
          body: undefined,
        },
        'in-process',
      )
      // The host is still the service's: answered as a subdomain without a realm (never left to msw, which
      // would pass it to the network); the account of the previous scenario is not associated with it.
      expect(gone).toMatchObject({ status: 401 })
    })

    it('resets to the initial state of the current scenario, not of the first one', async () => {
      await simulator.useScenario('presets-history')
      const initial = snapshot(simulator)
      expect((await createPreset(ROUTER, 'support-bot')).body.data.designated_version.version).toBe(
        4,
      )
      expect((await createPreset(ROUTER, 'brand-new')).status).toBe(200)
      expect(snapshot(simulator)).not.toBe(initial)
      await simulator.reset()
      expect(simulator.scenario.name).toBe('presets-history')
      simulator.journal.clear()
      expect(snapshot(simulator)).toBe(initial)
    })

    it('restores exactly the scenario after a created-then-reset flow, and replays it byte for byte', async () => {
      const initial = snapshot(simulator)
      const flow = async () => {
        const texts: string[] = []
        texts.push((await createPreset(ROUTER, 'flow', 'first')).text)
        simulator.clock.advance(60_000)
        texts.push((await createPreset(ROUTER, 'flow', 'second')).text)
        texts.push(
          (await createPreset(ROUTER, 'other', 'x', 'sk-or-v1-understudy-team-b-inference')).text,
        )
        texts.push((await createUser(ACME, 'romeo@acme.example', 'Romeo Montague')).text)
        texts.push(
          (
            await messagingCall(ACME, 'POST', '/api/v1/realm/test_welcome_bot_custom_message', {
              form: { welcome_message_custom_text: 'Welcome!' },
            })
          ).text,
        )
        texts.push((await messagingCall(ACME, 'GET', '/api/v1/users')).text)
        texts.push((await routerCall(ROUTER, 'GET', '/presets/flow/versions')).text)
        simulator.messaging.setFeatureLevel('acme', 36)
        return texts
      }
      const first = await flow()
      expect(first[0]).toContain('"version":1')
      expect(first[3]).toBe('{"result":"success","msg":"","user_id":8}\n')
      expect(snapshot(simulator)).not.toBe(initial)

      await simulator.reset()
      simulator.journal.clear()
      expect(snapshot(simulator)).toBe(initial)
      expect(simulator.clock.iso()).toBe(NOW)
      expect(simulator.messaging.featureLevel('acme')).toBe(500)

      const second = await flow()
      expect(second).toEqual(first)
    })

    it('restores a feature level changed at run time to the scenario’s own on reset', async () => {
      simulator.messaging.setFeatureLevel('acme', 36)
      await simulator.reset()
      expect(simulator.messaging.featureLevel('acme')).toBe(500)
      await simulator.useScenario('zulip-7')
      simulator.messaging.setFeatureLevel('acme', 300)
      await simulator.reset()
      expect(simulator.messaging.featureLevel('acme')).toBe(185)
    })
  })

  describe('custom scenarios in process', () => {
    it('takes a typed scenario definition at creation and answers from it', async () => {
      const custom = createSimulator({ scenario: customScenario, seed: 1, now: NOW })
      await custom.ready
      expect(custom.describe().scenario).toEqual({
        name: 'fixture',
        description: 'A scenario written by a consumer.',
      })
      expect(organizationsOf(custom)).toEqual([['fixture', 200, '8.0-dev+git']])
      expect(custom.router.presets(FIXTURE_WORKSPACE).map((p) => p.slug)).toEqual(['greeter'])
    })

    it('switches to a typed scenario definition at run time and serves its accounts', async () => {
      await simulator.useScenario(customScenario)
      const list = await routerCall(ROUTER, 'GET', '/presets', { key: FIXTURE_KEY })
      expect([list.status, list.body.total_count, list.body.data[0].slug]).toEqual([
        200,
        1,
        'greeter',
      ])
      const me = await messagingCall('https://fixture.zulipchat.com', 'GET', '/api/v1/users/me', {
        as: FIXTURE_ADMIN,
      })
      expect([me.status, me.body.email, me.body.role]).toEqual([200, FIXTURE_ADMIN.email, 200])
      const oldKey = await routerCall(ROUTER, 'GET', '/presets')
      expect(oldKey.status).toBe(401)
    })

    it('types scenario definitions', () => {
      const typed = defineScenario({
        name: 'typed',
        router: {
          workspaces: [
            {
              id: FIXTURE_WORKSPACE,
              name: 'W',
              keys: [
                {
                  key: 'k',
                  label: 'l',
                  // @ts-expect-error a key is an inference or a management key
                  kind: 'admin',
                  userId: 'u',
                },
              ],
            },
          ],
        },
      })
      expect(() => createSimulator({ scenario: typed })).toThrow(
        '[understudy] Failed to load scenario "typed": router.workspaces.0.keys.0.kind: Invalid option: expected one of "inference"|"management".',
      )
    })

    it('refuses a scenario that does not validate with a message naming every problem', () => {
      expect(() => createSimulator({ scenario: invalidScenario })).toThrow(
        new TypeError(INVALID_MESSAGE),
      )
    })

    it('refuses an invalid scenario at run time and keeps the current one in force', async () => {
      const before = snapshot(simulator)
      await expect(simulator.useScenario(invalidScenario)).rejects.toThrow(
        new TypeError(INVALID_MESSAGE),
      )
      expect(simulator.scenario.name).toBe('default')
      expect(snapshot(simulator)).toBe(before)
      await simulator.reset()
      expect(simulator.scenario.name).toBe('default')
    })

    it('refuses an unknown scenario name and lists the known ones', async () => {
      expect(() => createSimulator({ scenario: 'nope' as ScenarioName })).toThrow(
        new TypeError(UNKNOWN_MESSAGE),
      )
      await expect(simulator.useScenario('nope' as ScenarioName)).rejects.toThrow(UNKNOWN_MESSAGE)
      expect(simulator.scenario.name).toBe('default')
    })
  })
})

describe('scenarios on the standalone server', () => {
  let zulip4: CliServer
  let custom: CliServer
  /** Runs of the CLI that must refuse to start. */
  let invalidRun: Awaited<ReturnType<typeof runCli>>
  let unknownRun: Awaited<ReturnType<typeof runCli>>

  beforeAll(async () => {
    ;[zulip4, custom, invalidRun, unknownRun] = await Promise.all([
      startServerCli(['--scenario', 'zulip-4', '--seed', 'scenarios', '--now', NOW]),
      startServerCli([
        '--scenario',
        './test/control/fixtures/custom-scenario.ts',
        '--seed',
        'scenarios',
        '--now',
        NOW,
      ]),
      runCli(['serve', '--port', '0', '--scenario', './test/control/fixtures/invalid-scenario.ts']),
      runCli(['serve', '--port', '0', '--scenario', 'nope']),
    ])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([zulip4?.stop(), custom?.stop()])
  })

  it('starts with a named scenario given by --scenario', async () => {
    expect(zulip4.output()).toContain(
      `Understudy is serving scenario "zulip-4" at ${zulip4.origin}\n`,
    )
    const discovery = await control(zulip4.origin, 'GET')
    expect(discovery.body.scenario).toEqual({
      name: 'zulip-4',
      description: scenarios['zulip-4'].description,
    })
    const settings = await messagingCall(
      zulip4.messaging.acme as string,
      'GET',
      '/api/v1/server_settings',
      {
        as: null,
      },
    )
    expect([settings.body.zulip_feature_level, settings.body.zulip_version]).toEqual([
      35,
      '4.0-dev+git',
    ])
  })

  it('starts with a TypeScript scenario file given by --scenario', async () => {
    expect(custom.output()).toContain('Understudy is serving scenario "fixture"')
    expect(custom.messaging).toEqual({ fixture: `${custom.origin}/messaging/fixture` })
    const discovery = await control(custom.origin, 'GET')
    expect(discovery.body.services.router.workspaces.map((w: { id: string }) => w.id)).toEqual([
      FIXTURE_WORKSPACE,
    ])
    const list = await routerCall(custom.router, 'GET', '/presets', { key: FIXTURE_KEY })
    expect([list.status, list.body.data.map((p: { slug: string }) => p.slug)]).toEqual([
      200,
      ['greeter'],
    ])
    const me = await messagingCall(custom.messaging.fixture as string, 'GET', '/api/v1/users/me', {
      as: FIXTURE_ADMIN,
    })
    expect([me.status, me.body.email]).toEqual([200, FIXTURE_ADMIN.email])
  })

  it('refuses a scenario file that does not validate, saying what is wrong', () => {
    const { code, stdout, stderr } = invalidRun
    // One prefix: the CLI's `understudy:` replaces the core's `[understudy]`.
    expect([code, stdout, stderr]).toEqual([
      1,
      '',
      `understudy: ${INVALID_MESSAGE.replace('[understudy] ', '')}\n`,
    ])
  })

  it('refuses an unknown scenario name at start', () => {
    const { code, stdout, stderr } = unknownRun
    expect([code, stdout, stderr]).toEqual([
      1,
      '',
      `understudy: ${UNKNOWN_MESSAGE.replace('[understudy] ', '')}\n`,
    ])
  })

  it('switches scenario by name over HTTP and resets to the new one', async () => {
    const origin = zulip4.origin
    const router = zulip4.router
    expect(await control(origin, 'PUT', '/scenario', { name: 'presets-history' })).toMatchObject({
      status: 200,
      body: { scenario: 'presets-history' },
    })
    await control(origin, 'DELETE', '/journal')
    const initial = (await control(origin, 'GET')).text
    const listed = async () =>
      (await routerCall(router, 'GET', '/presets')).body.data.map(
        (p: { slug: string; designated_version_id: string }) => [p.slug, p.designated_version_id],
      )
    const before = await listed()
    expect(before.map((p: string[]) => p[0])).toEqual([
      'summarizer',
      'support-bot',
      'legacy-helper',
      'retired',
    ])
    const created = await createPreset(router, 'support-bot')
    expect(created.body.data.designated_version.version).toBe(4)
    const user = await createUser(zulip4.messaging.acme as string, 'romeo@acme.example', 'Romeo')
    expect(user.body).toEqual({ result: 'success', msg: '', user_id: 8 })

    expect(await control(origin, 'POST', '/reset')).toMatchObject({
      status: 200,
      body: { scenario: 'presets-history' },
    })
    expect(await listed()).toEqual(before)
    await control(origin, 'DELETE', '/journal')
    expect((await control(origin, 'GET')).text).toBe(initial)
    await control(origin, 'PUT', '/scenario', { name: 'zulip-4' })
  })

  it('switches to a scenario definition over HTTP', async () => {
    const origin = zulip4.origin
    const answer = await control(origin, 'PUT', '/scenario', { definition: customScenario })
    expect([answer.status, answer.body]).toEqual([200, { scenario: 'fixture' }])
    const list = await routerCall(zulip4.router, 'GET', '/presets', { key: FIXTURE_KEY })
    expect(list.body.total_count).toBe(1)
    const me = await messagingCall(`${origin}/messaging/fixture`, 'GET', '/api/v1/users/me', {
      as: FIXTURE_ADMIN,
    })
    expect(me.body.email).toBe(FIXTURE_ADMIN.email)
    await control(origin, 'PUT', '/scenario', { name: 'zulip-4' })
  })

  it('refuses an invalid scenario over HTTP with 400 and keeps the current one', async () => {
    const origin = zulip4.origin
    const before = (await control(origin, 'GET')).text
    const invalid = await control(origin, 'PUT', '/scenario', { definition: invalidScenario })
    expect([invalid.status, invalid.body]).toEqual([400, { error: { message: INVALID_MESSAGE } }])
    const unknown = await control(origin, 'PUT', '/scenario', { name: 'nope' })
    expect([unknown.status, unknown.body]).toEqual([400, { error: { message: UNKNOWN_MESSAGE } }])
    expect((await control(origin, 'GET')).text).toBe(before)
  })
})
