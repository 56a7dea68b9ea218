/**
 * `email_address_visibility`: what each setting changes in every answer, for each reader's role. The
 * organization here takes the server default of its level (admins only from 421), as a new organization
 * on the real server: at 442 the real server answered the same shapes (`user<id>@<domain>`,
 * `delivery_email` for administrators only, a Gravatar URL, `No such user` for a member's lookup).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { accounts, api, errorText, messagingOptions } from './support.js'

const users = [
  ['desdemona@acme.example', 'Desdemona', 'owner', accounts.desdemona.key, undefined],
  ['iago@acme.example', 'Iago', 'administrator', accounts.iago.key, undefined],
  ['mod@acme.example', 'Mod', 'moderator', 'Moderator00000000000000000000000', 'moderators'],
  ['hamlet@acme.example', 'King Hamlet', 'member', accounts.hamlet.key, 'members'],
  ['guest@acme.example', 'Guest', 'guest', 'Guest000000000000000000000000000', 'everyone'],
] as const

const simulator = useSimulator(
  { beforeAll, afterEach, afterAll },
  {
    ...messagingOptions,
    scenario: {
      name: 'visibility',
      messaging: {
        organizations: [
          {
            subdomain: 'acme',
            name: 'Acme',
            users: users.map(([email, fullName, role, apiKey, emailAddressVisibility]) => ({
              email,
              fullName,
              role,
              apiKey,
              canCreateUsers: true,
              ...(emailAddressVisibility ? { emailAddressVisibility } : {}),
            })),
          },
        ],
      },
    },
  },
)
const as = (i: number) => ({ email: users[i]?.[0] as string, key: users[i]?.[3] as string })

describe('email_address_visibility', () => {
  it('shows the dummy address to everyone and the real one to the roles the setting allows', async () => {
    // Readers: Iago (administrator), Mod (moderator), Guest. Desdemona and Iago keep the server default
    // (admins at 500), Mod has moderators, King Hamlet members, Guest everyone.
    const seen = async (reader: number) =>
      (await api('GET', '/users', { as: as(reader) })).body.members.map(
        (user: { email: string; delivery_email: string | null }) => [
          user.email,
          user.delivery_email,
        ],
      )
    expect(await seen(1)).toEqual([
      ['user1@acme.zulipchat.com', 'desdemona@acme.example'],
      ['user2@acme.zulipchat.com', 'iago@acme.example'],
      ['user3@acme.zulipchat.com', 'mod@acme.example'],
      ['user4@acme.zulipchat.com', 'hamlet@acme.example'],
      ['guest@acme.example', 'guest@acme.example'],
    ])
    expect(await seen(2)).toEqual([
      ['user1@acme.zulipchat.com', null],
      ['user2@acme.zulipchat.com', null],
      ['user3@acme.zulipchat.com', 'mod@acme.example'],
      ['user4@acme.zulipchat.com', 'hamlet@acme.example'],
      ['guest@acme.example', 'guest@acme.example'],
    ])
    expect(await seen(4)).toEqual([
      ['user1@acme.zulipchat.com', null],
      ['user2@acme.zulipchat.com', null],
      ['user3@acme.zulipchat.com', null],
      ['user4@acme.zulipchat.com', null],
      ['guest@acme.example', 'guest@acme.example'],
    ])
  })

  it('answers a Gravatar URL instead of null for a hidden address, even with client_gravatar', async () => {
    const members = (await api('GET', '/users', { as: as(0) })).body.members
    expect(members[0].avatar_url).toMatch(
      /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/,
    )
    expect(members[4].avatar_url).toBeNull()
  })

  it('finds a user by the real address only for roles that may see it, by the dummy one always', async () => {
    const noSuchUser = errorText('No such user', 'BAD_REQUEST')
    expect(
      (await api('GET', '/users/desdemona@acme.example', { as: as(1) })).body.user.user_id,
    ).toBe(1)
    expect((await api('GET', '/users/desdemona@acme.example', { as: as(3) })).text).toBe(noSuchUser)
    expect((await api('GET', '/users/hamlet@acme.example', { as: as(3) })).body.user.user_id).toBe(
      4,
    )
    // The lookup filters by the reader's role: a guest's role sees only `everyone` addresses.
    expect((await api('GET', '/users/mod@acme.example', { as: as(4) })).text).toBe(noSuchUser)
    expect(
      (await api('GET', '/users/user1@acme.zulipchat.com', { as: as(4) })).body.user.user_id,
    ).toBe(1)
  })

  it('gives new users the organization default and takes the real default of the level', async () => {
    const created = await api('POST', '/users', {
      as: as(1),
      form: { email: 'new@acme.example', password: 'correct-horse', full_name: 'New' },
    })
    expect(
      (await api('GET', `/users/${created.body.user_id}`, { as: as(1) })).body.user.email,
    ).toBe(`user${created.body.user_id}@acme.zulipchat.com`)
    // A new organization of a server before 11.0 showed every address.
    simulator.messaging.setFeatureLevel('acme', 384)
    await simulator.reset()
  })
})
