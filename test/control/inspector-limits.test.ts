/**
 * `GET /__understudy/state` of a world with many tenants: 800 organizations and 30 workspaces, each with
 * users or presets of its own. The inspector's lists are bounded in total (`STATE_TOTAL_LIMITS`), not only
 * per tenant: the first tenants, their newest items while the totals last, and every count.
 */
import { describe, expect, it } from 'vitest'
import { STATE_LIST_LIMITS, STATE_TOTAL_LIMITS } from '../../src/engine/core/inspect-limits.js'
import { defineScenario } from '../../src/entries/index.js'
import { useServer } from '../support/server.js'
import { NOW } from './support.js'

const ORGANIZATIONS = 800
const WORKSPACES = 30

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const scenario = defineScenario({
  name: 'many-tenants',
  router: {
    workspaces: Array.from({ length: WORKSPACES }, (_, w) => ({
      id: uuid(w),
      name: `Workspace ${w}`,
      keys: [
        { key: `sk-or-v1-many-${w}`, label: `Key ${w}`, kind: 'inference', userId: `user_${w}` },
      ],
      presets: Array.from({ length: 12 }, (_, p) => ({
        slug: `preset-${p}`,
        versions: Array.from({ length: 3 }, (_, v) => ({ systemPrompt: `v${v}` })),
      })),
    })),
  },
  messaging: {
    organizations: Array.from({ length: ORGANIZATIONS }, (_, o) => ({
      subdomain: `org${o}`,
      name: `Organization ${o}`,
      users: Array.from({ length: 6 }, (_, u) => ({
        email: `user${u}@org${o}.example`,
        fullName: `User ${u} of ${o}`,
        role: u === 0 ? ('owner' as const) : ('member' as const),
        apiKey: `key${String(o).padStart(4, '0')}${u}`.padEnd(32, 'x'),
      })),
    })),
  },
})

describe('the inspector’s state with 800 organizations and 30 workspaces', () => {
  const server = useServer({ seed: 'many-tenants', now: NOW, scenario })

  it('shows the first tenants and their newest items within totals, with every count', async () => {
    const response = await fetch(`${server.url}/__understudy/state`)
    const text = await response.text()
    const { router, messaging } = JSON.parse(text)

    expect(messaging.organizationCount).toBe(ORGANIZATIONS)
    expect(messaging.organizations.map((o: { subdomain: string }) => o.subdomain)).toEqual(
      Array.from({ length: STATE_TOTAL_LIMITS.tenants }, (_, o) => `org${o}`),
    )
    // Six users and Welcome Bot each: 7 per organization while the total lasts, then fewer, then none.
    const users = messaging.organizations.map((o: { users: unknown[] }) => o.users.length)
    expect(users.reduce((a: number, b: number) => a + b, 0)).toBe(
      Math.min(STATE_TOTAL_LIMITS.users, 7 * STATE_TOTAL_LIMITS.tenants),
    )
    expect(messaging.organizations.every((o: { userCount: number }) => o.userCount === 7)).toBe(
      true,
    )

    expect(router.workspaceCount).toBe(WORKSPACES)
    expect(router.workspaces).toHaveLength(STATE_TOTAL_LIMITS.tenants)
    const presets = router.workspaces.map((w: { presets: unknown[] }) => w.presets.length)
    // 12 presets a workspace, within the total of presets shown.
    expect(presets.reduce((a: number, b: number) => a + b, 0)).toBe(STATE_TOTAL_LIMITS.presets)
    expect(presets.slice(0, 8)).toEqual(Array(8).fill(12))
    expect(presets.at(-1)).toBe(0)
    const versions = router.workspaces.flatMap((w: { presets: Array<{ versions: unknown[] }> }) =>
      w.presets.map((p) => p.versions.length),
    )
    expect(versions.reduce((a: number, b: number) => a + b, 0)).toBe(STATE_TOTAL_LIMITS.versions)
    expect(Math.max(...versions)).toBeLessThanOrEqual(STATE_LIST_LIMITS.versions)
    // Before the totals: every organization, 803 of them with every user, about 1 MB a poll.
    expect(Buffer.byteLength(text)).toBeLessThan(150_000)
  })
})
