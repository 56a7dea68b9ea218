/**
 * Rate limiting of the messaging API: Zulip's `api_by_user` domain, off by default, switched on per
 * organization (scenario field `rateLimit`, or `simulator.messaging.setRateLimit(subdomain, setting)`).
 *
 * What the real server does (`zerver/lib/rate_limiter.py`, `zerver/middleware.py`), and how it is emulated:
 *
 * - **Where**: after authentication, before the view (`authenticated_rest_api_view` wraps the view in
 *   `rate_limit()`). So nothing before a successful authentication counts or is limited: unknown routes
 *   (HTML 404), OPTIONS, 405s, 401s, and the public `GET /server_settings`. Every authenticated REST
 *   request counts, whatever the view then answers (a 400 counts too); a refused (429) request does not.
 * - **Per user**: one history per account (`RateLimitedUser:<id>:api_by_user`), so two accounts of one
 *   organization, or of two organizations, never share a budget.
 * - **Limits**: `true` means the real defaults, 200 requests a minute and 2000 an hour;
 *   `{ perMinute, perHour }` replaces either (the other keeps its default). `false` is off.
 * - **Algorithm**: the Redis backend's sliding log. Each rule (60 s / `perMinute`, then 3600 s / `perHour`)
 *   looks at the n-th newest accepted request; while it is younger than the rule's window the request is
 *   refused, with `retry-after` the seconds until that request leaves the window.
 * - **Clock**: the simulator's clock, so `simulator.clock.advance(ms)` moves the windows. Choice: a
 *   request exactly `retry-after` seconds later is accepted (the real check uses `>=` on float seconds,
 *   an instant a real client never hits, but a fixed test clock would).
 * - **429**: `{"result":"error","msg":…,"retry-after":<seconds, a float>,"code":"RATE_LIMIT_HIT"}` plus a
 *   newline, header `Retry-After` with the same float (Python's `str(float)`: `60.0`, `59.999`); the
 *   message follows the feature level (`messagingFault`: from 416 it points at the documentation).
 * - **Headers** (`RateLimitMiddleware`), on every response of a request the limit was applied to, the 429
 *   included: `X-RateLimit-Limit` is the longest rule's count (2000 by default: the real server reports
 *   the hourly budget, not the per-minute one); `X-RateLimit-Remaining` that count minus the requests of
 *   the last hour (0 on a 429); `X-RateLimit-Reset` the epoch second when the hourly window frees
 *   (`now + 3600` after an accepted request, `now + retry-after` on a 429), truncated to an integer.
 * - **Reset**: `simulator.reset()` forgets every history and restores each organization's scenario
 *   setting; `setRateLimit` forgets that organization's histories.
 * - Not emulated: per-user overrides (`UserProfile.rate_limits`), IP-based limits, the exemption of the
 *   server's own `internal` client, and the Tornado in-memory backend's looser semantics.
 * @module
 */
import { InputTypeError } from '../../engine/core/input-error.js'

/** The limits in force for an organization. */
export interface RateLimitRules {
  /** Requests a user may make in any 60 seconds. */
  perMinute: number
  /** Requests a user may make in any 3600 seconds. */
  perHour: number
}

/** How a scenario or a caller sets rate limiting: off, on with the real limits, or on with others. */
export type RateLimitSetting = boolean | { perMinute?: number; perHour?: number }

/** Zulip's default `api_by_user` limits. */
const ZULIP_RATE_LIMITS: Readonly<RateLimitRules> = { perMinute: 200, perHour: 2000 }

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1

/**
 * The rules a setting stands for (`null`: off). Throws a clear error for a setting that is not
 * `true`, `false`, or `{ perMinute?, perHour? }` with whole numbers >= 1.
 */
export function rateLimitRules(setting: unknown, where: string): RateLimitRules | null {
  if (setting === false) return null
  if (setting === true) return { ...ZULIP_RATE_LIMITS }
  const fail = (why: string): never => {
    throw new InputTypeError(`[understudy] Failed to set the rate limit ${where}: ${why}.`)
  }
  if (typeof setting !== 'object' || setting === null || Array.isArray(setting)) {
    return fail(`${JSON.stringify(setting)} is not true, false or { perMinute?, perHour? }`)
  }
  const { perMinute, perHour, ...others } = setting as Record<string, unknown>
  const unknown = Object.keys(others)
  if (unknown.length > 0) fail(`unknown key ${JSON.stringify(unknown[0])}`)
  if (perMinute !== undefined && !isCount(perMinute))
    fail(`perMinute ${JSON.stringify(perMinute)} is not a whole number >= 1`)
  if (perHour !== undefined && !isCount(perHour))
    fail(`perHour ${JSON.stringify(perHour)} is not a whole number >= 1`)
  return {
    perMinute: (perMinute as number | undefined) ?? ZULIP_RATE_LIMITS.perMinute,
    perHour: (perHour as number | undefined) ?? ZULIP_RATE_LIMITS.perHour,
  }
}

/** What taking one request from a user's budget gave: accepted or refused, and the headers to add. */
type RateLimitOutcome =
  | { limited: false; headers: Record<string, string> }
  | { limited: true; retryAfter: number; headers: Record<string, string> }

function headersOf(limit: number, remaining: number, resetAtMs: number): Record<string, string> {
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(Math.floor(resetAtMs / 1000)),
  }
}

/** One user's request history: what a snapshot keeps of the rate-limit windows. */
export interface RateLimitHistory {
  organization: string
  userId: number
  /** Accepted request times (epoch ms), oldest first. */
  times: number[]
}

/** The request histories of one simulator's messaging service. */
export function createRateLimiter() {
  /** Per organization, per user id: accepted request times (epoch ms), oldest first. */
  const histories = new Map<string, Map<number, number[]>>()
  /** Counts writes to the histories, so that a reset knows the service's state changed. */
  let changes = 0

  return {
    /** Counts one request of a user against the rules, or refuses it. */
    take(organization: string, userId: number, rules: RateLimitRules, nowMs: number) {
      let users = histories.get(organization)
      if (!users) {
        users = new Map()
        histories.set(organization, users)
      }
      let log = users.get(userId)
      if (!log) {
        log = []
        users.set(userId, log)
      }
      // Requests older than the longest window can never matter again.
      let stale = 0
      while (stale < log.length && (log[stale] as number) + HOUR_MS <= nowMs) stale += 1
      if (stale > 0) log.splice(0, stale)

      for (const [windowMs, count] of [
        [MINUTE_MS, rules.perMinute],
        [HOUR_MS, rules.perHour],
      ] as const) {
        const nth = log.length >= count ? (log[log.length - count] as number) : undefined
        if (nth !== undefined && nth + windowMs > nowMs) {
          const retryAfter = (nth + windowMs - nowMs) / 1000
          return {
            limited: true,
            retryAfter,
            headers: headersOf(rules.perHour, 0, nowMs + retryAfter * 1000),
          } satisfies RateLimitOutcome
        }
      }
      log.push(nowMs)
      changes += 1
      const keep = Math.max(rules.perMinute, rules.perHour)
      if (log.length > keep) log.splice(0, log.length - keep)
      return {
        limited: false,
        headers: headersOf(rules.perHour, Math.max(0, rules.perHour - log.length), nowMs + HOUR_MS),
      } satisfies RateLimitOutcome
    },
    /** Forgets the histories of one organization, or of every organization. */
    clear(organization?: string): void {
      if (organization === undefined) histories.clear()
      else histories.delete(organization)
      changes += 1
    },
    /** Copies of every history, in the order they began. */
    exportState(): RateLimitHistory[] {
      const out: RateLimitHistory[] = []
      for (const [organization, users] of histories) {
        for (const [userId, times] of users) out.push({ organization, userId, times: [...times] })
      }
      return out
    },
    /** Replaces every history with these (validated by the snapshot's schema). */
    importState(state: readonly RateLimitHistory[]): void {
      histories.clear()
      for (const { organization, userId, times } of state) {
        let users = histories.get(organization)
        if (!users) {
          users = new Map()
          histories.set(organization, users)
        }
        users.set(userId, [...times])
      }
      changes += 1
    },
    /** A number that changes whenever a history changes. */
    get changes(): number {
      return changes
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
