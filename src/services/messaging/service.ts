/**
 * The messaging service (Zulip-compatible organization administration) inside one simulator.
 *
 * Each organization answers at its own base URL, made from a template with `{subdomain}`: its own origin
 * in process (`https://{subdomain}.zulipchat.com`), its own path prefix on the standalone server
 * (`http://127.0.0.1:4010/messaging/{subdomain}`). In process the service answers `/api/…` of every
 * subdomain; on the standalone server everything below a subdomain's base URL (the real HTML 404 for the
 * rest). A subdomain no organization has is answered as a real server answers one without a realm
 * (`dispatch.ts`), so no request to the service's host leaves the process by a typo.
 * @module
 */

import type { PlainRequest } from '../../engine/core/http.js'
import { InputTypeError } from '../../engine/core/input-error.js'
import { KeyedLock } from '../../engine/core/lock.js'
import {
  escapeRegExp,
  type Inspectable,
  isBelow,
  type RecordedRequest,
  type Restorable,
  type Scope,
  type Service,
  type ServiceContext,
  type ServiceOptions,
} from '../../engine/core/service.js'
import { trimEndRun } from '../../engine/core/text-runs.js'
import type { MessagingOperation, MessagingState } from './context.js'
import { type Located, route } from './dispatch.js'
import { messagingFault } from './errors.js'
import { assertFeatureLevel, DEFAULT_FEATURE_LEVEL, zulipVersion } from './feature-levels.js'
import { parseFormBody } from './form.js'
import { inspectMessaging } from './inspect.js'
import {
  createRateLimiter,
  type RateLimitHistory,
  type RateLimitRules,
  type RateLimitSetting,
  rateLimitRules,
} from './rate-limit.js'
import { type MessageRecord, unknownOrganization } from './records.js'
import { createMessagingRoutes } from './routes.js'
import type { MessagingScenario } from './scenario-schema.js'
import { createMessagingStore, type MessagingStoreState } from './store.js'
import { type MessagingUserView, userView } from './user-view.js'

export type { MessagingUserView } from './user-view.js'

export interface MessagingServiceOptions extends ServiceOptions {
  /** Each organization's base URL, with `{subdomain}` (exactly once) standing for its subdomain. */
  baseUrl: string
  /** The feature level of organizations whose scenario entry sets none. Default `DEFAULT_FEATURE_LEVEL` (500, Zulip 12.2). */
  featureLevel?: number | undefined
}

/** A message as the control interface shows it. */
export interface MessagingMessageView {
  id: number
  senderId: number
  senderEmail: string
  /** A direct message's recipient; a channel message has none (`channel` and `topic`): the sender's here. */
  recipientId: number
  recipientEmail: string
  /** A channel message's channel name, `null` for a direct message. */
  channel: string | null
  /** A channel message's topic (`""` for a direct message). */
  topic: string
  /** The raw Markdown. */
  content: string
  /** The HTML the simulator rendered. */
  renderedContent: string
  /** ISO 8601 UTC with milliseconds. */
  sentAt: string
  client: string
}

/** An organization as the control interface shows it. */
export interface MessagingOrganizationView {
  subdomain: string
  name: string
  baseUrl: string
  featureLevel: number
  /** The `zulip_version` the organization reports. */
  zulipVersion: string
  deactivated: boolean
  users: MessagingUserView[]
}

/** The messaging service: its msw-facing side, and reads and controls of its state. */
export interface MessagingService extends Service<MessagingScenario> {
  /** The base URL template (`https://{subdomain}.zulipchat.com`). */
  readonly baseUrl: string
  /** An organization's base URL (`https://acme.zulipchat.com`). Throws for an unknown organization. */
  baseUrlOf(subdomain: string): string
  /** Every organization with its accounts. */
  organizations(): MessagingOrganizationView[]
  /** An organization's accounts in id order, system bots included. Throws for an unknown organization. */
  users(subdomain: string): MessagingUserView[]
  /** An organization's messages in id order. Throws for an unknown organization. */
  messages(subdomain: string): MessagingMessageView[]
  /** An organization's current feature level. Throws for an unknown organization. */
  featureLevel(subdomain: string): number
  /** Changes the feature level an organization emulates, from the next request on (a reset restores the scenario's). */
  setFeatureLevel(subdomain: string, level: number): void
  /** The API key of an organization's account (case-insensitive e-mail), e.g. of a user created through the API. */
  apiKeyOf(subdomain: string, email: string): string | undefined
  /** An organization's rate limits in force, or `null` when rate limiting is off. Throws for an unknown organization. */
  rateLimit(subdomain: string): RateLimitRules | null
  /**
   * Switches an organization's rate limiting from the next request on: `false` off, `true` the real
   * limits (200 a minute, 2000 an hour per user), or `{ perMinute?, perHour? }`. Forgets the
   * organization's request histories; a reset restores the scenario's setting.
   */
  setRateLimit(subdomain: string, setting: RateLimitSetting): void
}

const PLACEHOLDER = '{subdomain}'
/** Stands in for `{subdomain}` while the template is parsed as a URL (a valid host label and path segment). */
const SENTINEL = 'understudy-subdomain-placeholder'
const SUBDOMAIN = '([a-z0-9-]{1,63})'

/** Parses the base URL template once: its normalised form, a matcher, and msw patterns. */
function compileTemplate(template: string, inProcessPrefix: string) {
  const fail = (reason: string): never => {
    throw new InputTypeError(
      `[understudy] Failed to create the messaging service: the base URL "${template}" ${reason}.`,
    )
  }
  if (template.split(PLACEHOLDER).length !== 2) fail(`must contain ${PLACEHOLDER} exactly once`)
  let url: URL
  try {
    url = new URL(template.replace(PLACEHOLDER, SENTINEL))
  } catch {
    return fail('is not a valid URL')
  }
  const normalized = `${url.protocol}//${url.host}${trimEndRun(url.pathname, '/')}`
  if (normalized.split(SENTINEL).length !== 2) fail(`must have ${PLACEHOLDER} in its host or path`)
  const matcher = new RegExp(
    `^${escapeRegExp(normalized).replace(SENTINEL, SUBDOMAIN)}(/[\\s\\S]*)?$`,
  )
  const pathTemplate = trimEndRun(url.pathname, '/')
  // msw decodes the capture groups of a RegExp pattern (and a malformed escape then throws inside
  // msw, a 500), so the patterns it sees capture nothing. They claim exactly what `locate` finds: a URL msw
  // matches that `locate` then refused would be answered by nothing, and msw would pass it to the network.
  const mswPattern = (tail: string) =>
    new RegExp(`^${escapeRegExp(normalized).replace(SENTINEL, '[a-z0-9-]{1,63}')}${tail}$`)
  const urlOf = (subdomain: string) => normalized.replace(SENTINEL, subdomain)
  /** Recently located request URLs (`null`: not under the template). */
  const recent = new Map<string, Found | null>()
  return {
    urlOf,
    patterns: (scope: Scope) => [
      mswPattern(scope === 'server' ? '(?:/.*)?' : `${escapeRegExp(inProcessPrefix)}(?:/.*)?`),
    ],
    /**
     * The subdomain, base URL, path prefix, remaining path and query string of a request URL under the
     * template. Remembered for recently seen URLs: clients repeat theirs, and parsing is most of the cost.
     */
    locate(requestUrl: string): Found | undefined {
      const cached = recent.get(requestUrl)
      if (cached !== undefined) return cached ?? undefined
      const result = parse(requestUrl)
      if (requestUrl.length <= CACHED_URL_LENGTH) {
        if (recent.size >= URL_CACHE_SIZE) recent.clear()
        recent.set(requestUrl, result ?? null)
      }
      return result
    },
  }

  function parse(requestUrl: string): Found | undefined {
    let target: URL
    try {
      target = new URL(requestUrl)
    } catch {
      return undefined
    }
    const matched = matcher.exec(`${target.protocol}//${target.host}${target.pathname}`)
    if (!matched) return undefined
    const subdomain = matched[1] as string
    return {
      subdomain,
      baseUrl: urlOf(subdomain),
      basePath: pathTemplate.replace(SENTINEL, subdomain),
      path: matched[2] || '/',
      query: target.search.slice(1),
    }
  }
}

/** Where a request URL lies under the base URL template. */
interface Found {
  subdomain: string
  /** The organization's base URL. */
  baseUrl: string
  /** The organization's path prefix. */
  basePath: string
  /** The path below the base URL, still percent-encoded. */
  path: string
  /** The query string, without the `?`. */
  query: string
}

/** How many request URLs `locate` remembers, and the longest it remembers. */
const URL_CACHE_SIZE = 512
const CACHED_URL_LENGTH = 2048

/** The messaging service's whole state: its records and counters, and the rate-limit histories. */
export interface MessagingServiceState extends MessagingStoreState {
  rateLimitHistories: RateLimitHistory[]
}

/** Creates the messaging service of one simulator. */
export function createMessagingService(
  context: ServiceContext,
  options: MessagingServiceOptions,
  operations: readonly MessagingOperation[],
): MessagingService &
  Restorable<MessagingServiceState> &
  Inspectable<ReturnType<typeof inspectMessaging>> {
  const defaultLevel = options.featureLevel ?? DEFAULT_FEATURE_LEVEL
  assertFeatureLevel(defaultLevel, 'in the simulator options')
  const template = compileTemplate(options.baseUrl, options.inProcessPrefix)
  const store = createMessagingStore(context)
  const state: MessagingState = {
    store,
    clock: context.clock,
    ids: context.ids,
    lock: new KeyedLock(),
    rateLimiter: createRateLimiter(),
  }
  const routes = createMessagingRoutes(operations)

  const organizationOf = (subdomain: string) => {
    const organization = store.organization(subdomain)
    if (!organization) {
      const known = store.organizations.all().map((o) => o.subdomain)
      throw new InputTypeError(
        `[understudy] Failed to find the messaging organization "${subdomain}". Known organizations: ${known.join(', ') || '(none)'}.`,
      )
    }
    return organization
  }

  const messageView = (message: MessageRecord): MessagingMessageView => ({
    id: message.id,
    senderId: message.senderId,
    senderEmail: store.user(message.senderId)?.email ?? '',
    recipientId: message.recipientId,
    recipientEmail: store.user(message.recipientId)?.email ?? '',
    channel:
      message.channelId === null
        ? null
        : (store
            .organization(message.organization)
            ?.channels.find((channel) => channel.id === message.channelId)?.name ?? null),
    topic: message.topic,
    content: message.content,
    renderedContent: message.renderedContent,
    sentAt: new Date(message.sentAt).toISOString(),
    client: message.client,
  })

  /** The organization and path of a request under the template; `undefined` when not this service's. */
  function locate(request: PlainRequest, scope: Scope): Located | undefined {
    const found = template.locate(request.url)
    if (!found) return undefined
    if (scope === 'in-process' && !isBelow(found.path, options.inProcessPrefix)) return undefined
    const organization = store.organization(found.subdomain)
    return {
      organization: organization ?? unknownOrganization(found.subdomain, defaultLevel),
      ...(organization ? {} : { unknown: true }),
      baseUrl: found.baseUrl,
      basePath: found.basePath,
      path: found.path,
      query: found.query,
    }
  }

  /** A recorded form body's fields, in order (repeats included), or `undefined` (none, or refused). */
  function journalFields(recorded: RecordedRequest): Array<[string, string]> | undefined {
    if (!recorded.body || recorded.body.length === 0) return undefined
    const parsed = parseFormBody(recorded.headers['content-type'], recorded.body)
    return 'refused' in parsed ? undefined : parsed.fields
  }

  /** A recorded form body for the journal: the fields (the last of repeated keys), or null. */
  function journalBody(recorded: RecordedRequest): unknown {
    const fields = journalFields(recorded)
    return fields ? Object.fromEntries(fields) : null
  }

  return {
    name: 'messaging',
    baseUrl: options.baseUrl,
    patterns: (scope) => template.patterns(scope),
    route(request, scope) {
      const located = locate(request, scope)
      return located && route(state, routes, located, request)
    },
    faultResponse: (status, options) =>
      messagingFault(status, {
        ...options,
        featureLevel:
          (options.tenant && store.organization(options.tenant)?.featureLevel) || defaultLevel,
      }),
    journalBody,
    journalFields,
    load(slice) {
      state.rateLimiter.clear()
      store.load(slice, defaultLevel)
    },
    changes: () =>
      store.organizations.mutations +
      store.users.mutations +
      store.messages.mutations +
      state.rateLimiter.changes,
    inspect: () => inspectMessaging(store, template.urlOf),
    exportState: () => ({
      ...store.exportState(),
      rateLimitHistories: state.rateLimiter.exportState(),
    }),
    importState({ rateLimitHistories, ...records }) {
      store.importState(records)
      state.rateLimiter.importState(rateLimitHistories)
    },
    baseUrlOf: (subdomain) => template.urlOf(organizationOf(subdomain).subdomain),
    organizations: () =>
      store.organizations.all().map((organization) => ({
        subdomain: organization.subdomain,
        name: organization.name,
        baseUrl: template.urlOf(organization.subdomain),
        featureLevel: organization.featureLevel,
        zulipVersion: zulipVersion(organization.featureLevel),
        deactivated: organization.deactivated,
        users: store.usersOf(organization.subdomain).map(userView),
      })),
    users: (subdomain) => store.usersOf(organizationOf(subdomain).subdomain).map(userView),
    messages: (subdomain) => store.messagesOf(organizationOf(subdomain).subdomain).map(messageView),
    featureLevel: (subdomain) => organizationOf(subdomain).featureLevel,
    setFeatureLevel(subdomain, level) {
      assertFeatureLevel(level, `of "${subdomain}"`)
      store.organizations.patch(organizationOf(subdomain), { featureLevel: level })
    },
    apiKeyOf: (subdomain, email) =>
      store.userByEmail(organizationOf(subdomain).subdomain, email)?.apiKey,
    rateLimit(subdomain) {
      const rules = organizationOf(subdomain).rateLimit
      return rules ? { ...rules } : null
    },
    setRateLimit(subdomain, setting) {
      const organization = organizationOf(subdomain)
      const rules = rateLimitRules(setting, `of "${subdomain}"`)
      store.organizations.patch(organization, { rateLimit: rules })
      state.rateLimiter.clear(organization.subdomain)
    },
  }
}
