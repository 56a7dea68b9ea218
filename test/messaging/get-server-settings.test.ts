import { createHash } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { api, messagingOptions } from './support.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)

/** The body at a feature level, as the default organization answers it. */
function settings(
  level: number,
  version: string,
  options: { realmUrl?: boolean; incompatible?: boolean; mergeBase?: string } = {},
) {
  return {
    result: 'success',
    msg: '',
    authentication_methods: {
      password: true,
      dev: false,
      email: true,
      ldap: false,
      remoteuser: false,
      github: false,
      azuread: false,
      gitlab: false,
      google: false,
      apple: false,
      saml: false,
      'openid connect': false,
      // Zulip's API changelog, feature level 488: "Added `discord` boolean as a field in
      // `authentication_methods`".
      ...(level >= 488 ? { discord: false } : {}),
    },
    zulip_version: version,
    zulip_merge_base: options.mergeBase ?? version,
    zulip_feature_level: level,
    push_notifications_enabled: false,
    is_incompatible: options.incompatible ?? false,
    email_auth_enabled: true,
    require_email_format_usernames: true,
    ...(options.realmUrl === false ? {} : { realm_url: 'https://acme.zulipchat.com' }),
    realm_name: 'Acme',
    // The Gravatar of the md5 of the organization's URL name (`string_id`), as `realm_icon.py` builds it.
    realm_icon: `https://secure.gravatar.com/avatar/${createHash('md5').update('acme').digest('hex')}?d=identicon`,
    realm_description: '<p>The default organization of the Understudy simulator.</p>',
    realm_web_public_access_enabled: false,
    external_authentication_methods: [],
    realm_uri: 'https://acme.zulipchat.com',
  }
}

describe('GET /server_settings', () => {
  it('answers the real key set without authentication, in order', async () => {
    const { status, text, headers } = await api('GET', '/server_settings', { as: null })
    expect(status).toBe(200)
    expect(text).toBe(`${JSON.stringify(settings(500, '12.2'))}\n`)
    expect(headers.get('content-type')).toBe('application/json')
    expect(headers.get('cache-control')).toBeNull()
  })

  it('ignores credentials, even bad ones', async () => {
    const { status, body } = await api('GET', '/server_settings', {
      headers: { authorization: 'Bearer nonsense' },
    })
    expect(status).toBe(200)
    expect(body).toEqual(settings(500, '12.2'))
  })

  it('reports the emulated feature level and version', async () => {
    // A development level reports a source-tree version without a merge base, as the real 384 and 442
    // servers built from source do.
    simulator.messaging.setFeatureLevel('acme', 416)
    expect((await api('GET', '/server_settings', { as: null })).body).toEqual(
      settings(416, '11.0-dev+git', { mergeBase: '' }),
    )
    simulator.messaging.setFeatureLevel('acme', 442)
    expect((await api('GET', '/server_settings', { as: null })).body).toEqual(
      settings(442, '12.0-dev+git', { mergeBase: '' }),
    )
    simulator.messaging.setFeatureLevel('acme', 512)
    expect((await api('GET', '/server_settings', { as: null })).body).toEqual(
      settings(512, '13.0-dev+git', { mergeBase: '' }),
    )
    for (const [level, version] of [
      [371, '10.0'],
      [372, '10.4'],
      [421, '11.0'],
      [498, '12.0'],
    ] as const) {
      simulator.messaging.setFeatureLevel('acme', level)
      expect((await api('GET', '/server_settings', { as: null })).body).toEqual(
        settings(level, version),
      )
    }
    simulator.messaging.setFeatureLevel('acme', 185)
    expect((await api('GET', '/server_settings', { as: null })).body).toEqual(
      settings(185, '7.0', { realmUrl: false }),
    )
  })

  it('answers realm_url from feature level 257', async () => {
    simulator.messaging.setFeatureLevel('acme', 256)
    expect((await api('GET', '/server_settings', { as: null })).body).toEqual(
      settings(256, '9.0-dev+git', { realmUrl: false, mergeBase: '' }),
    )
    simulator.messaging.setFeatureLevel('acme', 257)
    expect((await api('GET', '/server_settings', { as: null })).body).toEqual(
      settings(257, '9.0-dev+git', { mergeBase: '' }),
    )
  })

  it('lists Discord among the authentication methods from feature level 488', async () => {
    simulator.messaging.setFeatureLevel('acme', 487)
    const before = (await api('GET', '/server_settings', { as: null })).body
    expect(Object.keys(before.authentication_methods).at(-1)).toBe('openid connect')
    simulator.messaging.setFeatureLevel('acme', 488)
    const { text } = await api('GET', '/server_settings', { as: null })
    expect(text).toContain('"saml":false,"openid connect":false,"discord":false},"zulip_version"')
  })

  it('flags the ZulipInvalid user agent as incompatible', async () => {
    const { body } = await api('GET', '/server_settings', {
      as: null,
      headers: { 'user-agent': 'ZulipInvalid/1.0 (Linux)' },
    })
    expect(body).toEqual(settings(500, '12.2', { incompatible: true }))
  })

  it('never lists unsupported parameters', async () => {
    expect((await api('GET', '/server_settings?foo=1', { as: null })).body).toEqual(
      settings(500, '12.2'),
    )
  })

  it("answers Django's empty 405 to POST and OPTIONS, and HEAD without a body", async () => {
    for (const method of ['POST', 'OPTIONS', 'DELETE']) {
      const { status, text, headers } = await api(method, '/server_settings', { as: null })
      expect([method, status, text, headers.get('allow'), headers.get('content-type')]).toEqual([
        method,
        405,
        '',
        'GET, HEAD',
        'text/html; charset=utf-8',
      ])
    }
    const head = await api('HEAD', '/server_settings', { as: null })
    expect([head.status, head.text]).toEqual([200, ''])
  })
})
