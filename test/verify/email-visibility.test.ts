/**
 * `verifyHar` sets the simulator's e-mail visibility up from what a recording shows: the organization's
 * (from the users the recording created), each seeded user's own where their addresses show another, the
 * recording's fake domain mapped onto the simulator's; `emailVisibility` says it instead. And a user the
 * recording deactivates was active before it, whatever the later answers show.
 */
import { describe, expect, it } from 'vitest'
import { acmeOrganization } from '../../scenarios/default/messaging.js'
import { defaultRouter } from '../../scenarios/default/router.js'
import { type Difference, VerifyInputError, verifyHar } from '../../src/surfaces/verify/index.js'
import { copy, entry, position, sessionHar } from './support.js'

const MESSAGING = 'https://acme.zulipchat.com/api/v1'

/** Acme as an organization that hides addresses from all but administrators, two users choosing otherwise. */
const hidden = {
  name: 'hidden-addresses',
  router: defaultRouter,
  messaging: {
    organizations: [
      {
        ...acmeOrganization,
        emailAddressVisibility: 'admins' as const,
        users: acmeOrganization.users.map((user) => {
          if (user.email === 'desdemona@acme.example')
            return { ...user, emailAddressVisibility: 'everyone' as const }
          if (user.email === 'othello@acme.example')
            return { ...user, emailAddressVisibility: 'nobody' as const }
          return user
        }),
      },
    ],
  },
}

const har = await sessionHar({ scenario: hidden })

describe('e-mail visibility, as the recording shows it', () => {
  it('a recording with hidden addresses verifies clean: the organization, and each user who differs', async () => {
    const text = JSON.stringify(har)
    // What the real server shows where addresses are hidden: dummy addresses, null for a member.
    expect(text).toContain('\\"email\\":\\"user8@acme.zulipchat.com\\"')
    expect(text).toContain('\\"delivery_email\\":null')
    const report = await verifyHar(har)
    expect(report.differences).toEqual([])
    expect(report.skipped).toEqual([])
    expect(report.setup.organizations[0]).toMatchObject({
      emailVisibility: 'admins',
      emailVisibilityFrom: 'the addresses of the users the recording created',
    })
    expect(report.setup.notes).toEqual([
      'https://acme.zulipchat.com: user 1 has its own e-mail visibility, everyone (what the answers show)',
      'https://acme.zulipchat.com: user 3 has its own e-mail visibility, nobody (what the answers show)',
    ])
  })

  it('the option says it instead, and a wrong setting shows', async () => {
    const report = await verifyHar(har, { emailVisibility: 'everyone' })
    expect(report.setup.organizations[0]).toMatchObject({
      emailVisibility: 'everyone',
      emailVisibilityFrom: 'the emailVisibility option',
    })
    const read = entry(har, 'GET', '/users/8')
    expect(report.differences).toContainEqual({
      exchange: position(har, read),
      method: 'GET',
      url: `${MESSAGING}/users/8`,
      kind: 'value',
      path: 'body.user.email',
      expected: 'user8@acme.zulipchat.com',
      actual: 'romeo@acme.example',
    })
    // server-default is admins at this level (500): what the recording shows, the two users' own kept.
    const serverDefault = await verifyHar(har, { emailVisibility: 'server-default' })
    expect(serverDefault.differences).toEqual([])
    expect(serverDefault.setup.notes).toHaveLength(2)
    await expect(verifyHar(har, { emailVisibility: 'friends' })).rejects.toThrow(
      new VerifyInputError(
        'email visibility: "friends" is not everyone, members, moderators, admins, nobody or server-default',
      ),
    )
  })

  it("the recording's fake domain is the organization's identity: mapped, in answers and in paths", async () => {
    // A server whose FAKE_EMAIL_DOMAIN is `localhost`, as the oracle of test/recordings.
    const elsewhere = JSON.parse(
      JSON.stringify(har).replace(/user(\d+)@acme\.zulipchat\.com/g, 'user$1@localhost'),
    )
    const byDummy = entry(elsewhere, 'GET', '/users/user8@localhost')
    expect(byDummy.response.status).toBe(200)
    expect((await verifyHar(elsewhere)).differences).toEqual([])
    // One address of another domain is a difference, once.
    const edited = copy(elsewhere)
    const read = entry(edited, 'GET', '/users/8')
    read.response.content.text = read.response.content.text?.replace(
      'user8@localhost',
      'user8@elsewhere.example',
    )
    const report = await verifyHar(edited)
    expect(report.differences).toEqual([
      {
        exchange: position(edited, read),
        method: 'GET',
        url: `${MESSAGING}/users/8`,
        kind: 'value',
        path: 'body.user.email',
        expected: 'user8@elsewhere.example',
        actual: 'user8@acme.zulipchat.com',
      } satisfies Difference,
    ])
  })
})

describe('users deactivated during the recording', () => {
  it('a user first shown after the recording deactivated them is seeded active', async () => {
    const plain = await sessionHar()
    // Leave out every answer that showed King Hamlet (user 4) before his DELETE /users/me.
    const deactivation = plain.log.entries.findIndex(
      (e) => e.request.method === 'DELETE' && e.request.url.endsWith('/users/me'),
    )
    plain.log.entries = plain.log.entries.filter(
      (e, i) =>
        i > deactivation || !(e.request.method === 'GET' && /\/users(\?|$)/.test(e.request.url)),
    )
    const after = entry(plain, 'GET', '/users/4')
    expect(after.response.content.text).toContain('"is_active":false')
    const report = await verifyHar(plain)
    expect(report.differences).toEqual([])
    expect(report.compared).toBe(plain.log.entries.length)
  })
})
