/**
 * A soak run on loopback (in process, the standalone server's path): mixed operations of both services,
 * valid and hostile, in concurrent batches, with injected faults and rate limiting on. Every answer must
 * be the one its request calls for (no unexplained error), and memory must stay flat once the journal is
 * at its cap: the simulator is reset every cycle, so each cycle ends with the same amount of data and a
 * full journal, and the heap measured then (after a forced GC) must not grow from cycle to cycle.
 *
 * By default it runs a fixed 8 cycles (8,000 requests, about 2 s here), so the suite's length does not depend
 * on the machine. `UNDERSTUDY_SOAK_SECONDS=10 npx vitest run test/robustness/soak.test.ts` runs for that many
 * seconds instead (10 for the figures in docs/guarantees.md, 300 for a long run).
 */
import v8 from 'node:v8'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { acmeOrganization } from '../../scenarios/default/messaging.js'
import { defaultRouter } from '../../scenarios/default/router.js'
import { createSimulator } from '../../src/entries/index.js'
import { accounts, basic, deepJson, keys, NOW, type RawRequest, ROUTER, send } from './support.js'

const JOURNAL_LIMIT = 200
const MAX_BODY = 64 * 1024
const BATCH = 50
const BATCHES_PER_CYCLE = 20
const API = 'https://acme.zulipchat.com/api/v1'

/** A forced garbage collection: `global.gc` when node runs with --expose-gc, else enabled at run time. */
function collector(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc
  if (exposed) return exposed
  try {
    v8.setFlagsFromString('--expose-gc')
    return vm.runInNewContext('gc') as () => void
  } catch {
    return undefined
  }
}

/** A small seeded generator (mulberry32), so every run sends the same mix. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Kind = { name: string; weight: number; allowed: number[]; make: (n: number) => RawRequest }

const json = { 'content-type': 'application/json' }
const form = { 'content-type': 'application/x-www-form-urlencoded' }
const router = (key: string) => ({ authorization: `Bearer ${key}` })
const zulip = (as: { email: string; key: string }) => ({ authorization: basic(as) })
const chat = JSON.stringify({ messages: [{ role: 'user', content: 'x' }], temperature: 0.5 })

const kinds: Kind[] = [
  {
    name: 'router create',
    weight: 6,
    allowed: [200],
    make: (n) => ({
      method: 'POST',
      url: `${ROUTER}/presets/soak-${n % 5}/chat/completions`,
      headers: { ...router(n % 2 ? keys.inference : keys.teamB), ...json },
      body: chat,
    }),
  },
  {
    name: 'router invalid body',
    weight: 3,
    allowed: [400],
    make: (n) => ({
      method: 'POST',
      url: `${ROUTER}/presets/soak-${n % 5}/messages`,
      headers: { ...router(keys.inference), ...json },
      body: [`{"temperature":5}`, '{"messages":', deepJson(2000), '[1,2]', '\u0000'][n % 5],
    }),
  },
  {
    name: 'router read',
    weight: 6,
    allowed: [200, 404],
    make: (n) => ({
      method: 'GET',
      url: `${ROUTER}/presets/soak-${n % 7}`,
      headers: router(keys.inference),
    }),
  },
  {
    name: 'router versions',
    weight: 4,
    allowed: [200, 404],
    make: (n) => ({
      method: 'GET',
      url: `${ROUTER}/presets/soak-${n % 7}/versions?offset=${n % 3}&limit=5`,
      headers: router(keys.teamB),
    }),
  },
  {
    name: 'router list',
    weight: 3,
    allowed: [200],
    make: () => ({
      method: 'GET',
      url: `${ROUTER}/presets?limit=100`,
      headers: router(keys.management),
    }),
  },
  {
    name: 'router unauthenticated',
    weight: 2,
    allowed: [401],
    make: (n) => ({
      method: 'GET',
      url: `${ROUTER}/presets`,
      headers: n % 2 ? router(keys.disabled) : {},
    }),
  },
  {
    name: 'router forbidden',
    weight: 1,
    allowed: [403],
    make: () => ({
      method: 'POST',
      url: `${ROUTER}/presets/x/chat/completions`,
      headers: { ...router(keys.lockedInference), ...json },
      body: chat,
    }),
  },
  {
    name: 'router too large',
    weight: 1,
    allowed: [413],
    make: () => ({
      method: 'POST',
      url: `${ROUTER}/presets/big/chat/completions`,
      headers: { ...router(keys.inference), ...json },
      body: ' '.repeat(MAX_BODY + 1),
    }),
  },
  {
    name: 'messaging create',
    weight: 4,
    allowed: [200],
    make: (n) => ({
      method: 'POST',
      url: `${API}/users`,
      headers: { ...zulip(accounts.iago), ...form },
      body: `email=soak${n}@acme.example&password=correct-horse&full_name=Soak+${n}`,
    }),
  },
  {
    name: 'messaging duplicate',
    weight: 2,
    allowed: [400],
    make: () => ({
      method: 'POST',
      url: `${API}/users`,
      headers: { ...zulip(accounts.provisioner), ...form },
      body: 'email=HAMLET@acme.example&password=correct-horse&full_name=Twin',
    }),
  },
  {
    name: 'messaging welcome',
    weight: 3,
    allowed: [200],
    make: (n) => ({
      method: 'POST',
      url: `${API}/realm/test_welcome_bot_custom_message`,
      headers: { ...zulip(accounts.desdemona), ...form },
      body: `welcome_message_custom_text=Welcome+${n}`,
    }),
  },
  {
    name: 'messaging reads',
    weight: 6,
    allowed: [200],
    make: (n) => ({
      method: 'GET',
      url: `${API}${['/users', '/users/me', '/users/4', '/users/iago@acme.example', '/server_settings'][n % 5]}`,
      headers: zulip(accounts.hamlet),
    }),
  },
  {
    name: 'messaging message read',
    weight: 2,
    allowed: [200, 400],
    make: (n) => ({
      method: 'GET',
      url: `${API}/messages/${(n % 10) + 1}`,
      headers: zulip(accounts.desdemona),
    }),
  },
  {
    name: 'messaging unauthenticated',
    weight: 2,
    allowed: [401],
    make: (n) => ({
      method: 'GET',
      url: `${API}/users`,
      headers: n % 2 ? zulip(accounts.cordelia) : {},
    }),
  },
  {
    name: 'messaging hostile',
    weight: 2,
    allowed: [400],
    make: (n) => ({
      method: 'POST',
      url: `${API}/users`,
      headers: {
        ...zulip(accounts.iago),
        'content-type':
          n % 2 ? 'multipart/form-data; boundary=' : 'multipart/form-data; boundary=b',
      },
      body: `--b\r\nContent-Disposition: form-data; name="email"\n\nx\r\n--b`,
    }),
  },
  {
    name: 'messaging too large',
    weight: 1,
    allowed: [413],
    make: () => ({
      method: 'POST',
      url: `${API}/users`,
      headers: { ...zulip(accounts.iago), ...form },
      body: `email=${'x'.repeat(MAX_BODY)}`,
    }),
  },
]
const totalWeight = kinds.reduce((sum, kind) => sum + kind.weight, 0)

/** The kind a draw in [0, totalWeight) falls on. */
function pickKind(draw: number): Kind {
  let left = draw
  for (const kind of kinds) {
    left -= kind.weight
    if (left < 0) return kind
  }
  return kinds[kinds.length - 1] as Kind
}

/** How long to soak: a number of cycles, or of seconds (whole cycles, until the time is up). */
type Length = { cycles: number } | { seconds: number }

async function soak(length: Length) {
  const simulator = createSimulator({
    scenario: {
      name: 'soak',
      router: defaultRouter,
      messaging: {
        organizations: [
          { ...acmeOrganization, rateLimit: { perMinute: 1_000_000, perHour: 100_000_000 } },
        ],
      },
    },
    seed: 'soak',
    now: NOW,
    journalLimit: JOURNAL_LIMIT,
    maxBodyBytes: MAX_BODY,
  })
  await simulator.ready
  const gc = collector()
  const next = random(0x50ac)
  const deadline = 'seconds' in length ? performance.now() + length.seconds * 1000 : Infinity
  const statuses = new Map<string, number>()
  const unexplained: string[] = []
  const heap: number[] = []
  let requests = 0
  let faults = 0
  let n = 0
  while ('cycles' in length ? heap.length < length.cycles : performance.now() < deadline) {
    for (let batch = 0; batch < BATCHES_PER_CYCLE; batch++) {
      const sent: Array<Promise<void>> = []
      for (let i = 0; i < BATCH; i++) {
        n += 1
        const kind = pickKind(next() * totalWeight)
        const request = kind.make(n)
        let allowed = kind.allowed
        if (n % 97 === 0) {
          // An injected fault answers exactly this request.
          const marker = `fault-${n}`
          request.url = `${ROUTER}/presets/${marker}`
          request.headers = router(keys.inference)
          request.method = 'GET'
          request.body = undefined
          simulator.faults.inject({
            service: 'router',
            path: new RegExp(`/${marker}$`),
            status: 503,
            times: 1,
          })
          allowed = [503]
          faults += 1
        }
        sent.push(
          send(simulator, request).then((response) => {
            requests += 1
            const key = `${kind.name} ${response.status}`
            statuses.set(key, (statuses.get(key) ?? 0) + 1)
            if (!allowed.includes(response.status) && unexplained.length < 20)
              unexplained.push(
                `${request.method} ${request.url.slice(0, 120)} → ${response.status} ${response.body.slice(0, 200)}`,
              )
          }),
        )
      }
      await Promise.all(sent)
      simulator.clock.advance(1000)
    }
    expect(simulator.journal.count()).toBe(JOURNAL_LIMIT)
    gc?.()
    heap.push(process.memoryUsage().heapUsed)
    await simulator.reset()
  }
  return { requests, faults, statuses, unexplained, heap, gc: gc !== undefined }
}

const MB = 1024 * 1024

async function run(length: Length) {
  const started = performance.now()
  const result = await soak(length)
  const elapsed = (performance.now() - started) / 1000
  const early = result.heap.slice(1, 4)
  const late = result.heap.slice(-3)
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
  console.warn(
    `[soak] ${result.requests} requests in ${elapsed.toFixed(1)} s (${Math.round(result.requests / elapsed)}/s), ` +
      `${result.faults} injected faults, ${result.heap.length} cycles; heap after GC: ` +
      `${(median(early) / MB).toFixed(1)} MB early, ${(median(late) / MB).toFixed(1)} MB late${result.gc ? '' : ' (no GC available)'}`,
  )
  expect(result.unexplained).toEqual([])
  // Every kind of request was sent and answered.
  const seen = new Set([...result.statuses.keys()].map((key) => key.slice(0, key.lastIndexOf(' '))))
  expect([...seen].sort()).toEqual(kinds.map((kind) => kind.name).sort())
  expect(result.heap.length).toBeGreaterThanOrEqual(5)
  if (result.gc) expect(median(late) - median(early)).toBeLessThan(16 * MB)
}

const long = Number(process.env.UNDERSTUDY_SOAK_SECONDS)

describe('soak', () => {
  it.skipIf(long > 0)(
    'holds for 8 cycles of mixed load: no unexplained answer, memory flat',
    () => run({ cycles: 8 }),
    60_000,
  )
  it.skipIf(!(long > 0))(
    `holds for UNDERSTUDY_SOAK_SECONDS (${long || 'unset'}) of mixed load`,
    () => run({ seconds: long }),
    (long + 60) * 1000,
  )
})
