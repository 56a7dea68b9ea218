/**
 * `GET /api/v1/server_settings` (no authentication): the server's version, feature level and login
 * options, reporting the organization's emulated version. `realm_url` appears from feature level 257 and
 * `authentication_methods.discord` from 488; `realm_uri` is always last. It is a plain view, not a
 * `typed_endpoint`, so it never lists ignored parameters.
 * @module
 */
import { header, type PlainResponse } from '../../src/engine/core/http.js'
import type { MessagingCall, MessagingOperation } from '../../src/services/messaging/context.js'
import { zulipSuccess } from '../../src/services/messaging/errors.js'
import { LEVELS, reportedVersion } from '../../src/services/messaging/feature-levels.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'

/** The authentication methods of a self-hosted server with only e-mail and password login. */
const AUTHENTICATION_METHODS = {
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
}

/** From feature level 488 the methods include Discord, off like the other external ones. */
const WITH_DISCORD = { ...AUTHENTICATION_METHODS, discord: false }

/** Parses a User-Agent's name as Zulip's `parse_user_agent` does. */
function userAgentName(userAgent: string): string {
  return /^([^/ ]*[^0-9/(]*)/.exec(userAgent)?.[1] ?? ''
}

/**
 * `GET /server_settings` (no authentication): the real key set, reporting the organization's emulated
 * version and feature level. `realm_url` appears from feature level 257; `realm_uri` is always last.
 * It is a plain view, not a `typed_endpoint`, so it never lists ignored parameters.
 */
function settings(call: MessagingCall, userAgent: string | undefined): PlainResponse {
  const { organization, featureLevel, baseUrl } = call
  const { version, mergeBase } = reportedVersion(featureLevel)
  const { md5Hex, renderParagraphs } = messagingParts.get()
  const data: Record<string, unknown> = {
    authentication_methods:
      featureLevel >= LEVELS.discordAuthentication ? WITH_DISCORD : AUTHENTICATION_METHODS,
    zulip_version: version,
    zulip_merge_base: mergeBase,
    zulip_feature_level: featureLevel,
    push_notifications_enabled: false,
    is_incompatible: userAgentName(userAgent ?? 'Missing User-Agent') === 'ZulipInvalid',
    email_auth_enabled: true,
    require_email_format_usernames: true,
  }
  if (featureLevel >= LEVELS.realmUrl) data.realm_url = baseUrl
  Object.assign(data, {
    realm_name: organization.name,
    // `realm_icon.py`: the Gravatar of the organization's URL name (`string_id`, its subdomain).
    realm_icon: `https://secure.gravatar.com/avatar/${md5Hex(organization.subdomain)}?d=identicon`,
    realm_description: renderParagraphs(organization.description),
    realm_web_public_access_enabled: false,
    external_authentication_methods: [],
    realm_uri: baseUrl,
  })
  return zulipSuccess(data)
}

export const getServerSettings = {
  name: 'get-server-settings' as const,
  method: 'GET',
  path: '/api/v1/server_settings',
  access: 'public',
  handle: (call, request) => settings(call, header(request, 'user-agent')),
} satisfies MessagingOperation
