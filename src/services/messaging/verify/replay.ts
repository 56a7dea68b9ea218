/**
 * A recorded messaging request written for the simulator: recorded ids in the path, query and form body
 * written as the simulator's (`/users/9` → `/users/<its id>`), redacted passwords replaced by stand-ins of
 * the kind the answer shows, and the credentials swapped for the mapped account's (or kept as recorded for
 * an unknown or malformed one).
 * @module
 */
import { basic, type Credential } from '../../../engine/core/recorded-exchange.js'
import {
  FAKE_DOMAIN,
  type Identities,
  type PlannedExchange,
} from '../../../engine/core/verify-part.js'
import type { MessagingService } from '../service.js'
import type { MessagingPlan } from './infer.js'

const PATH_SPACES: Readonly<Record<string, string>> = { users: 'user', messages: 'message' }

/** Recorded ids in a messaging path, written as the simulator's. */
export function mapPath(path: string, identities: Identities): string {
  const segments = path.split('/')
  return segments
    .map((segment, i) => {
      const space = PATH_SPACES[segments[i - 1] ?? '']
      if (space === 'user') {
        const dummy = /^user(\d+)(?:@|%40)([^@%]+)$/.exec(segment)
        const domain = dummy && identities.toSim(FAKE_DOMAIN, dummy[2])
        if (dummy && typeof domain === 'string') {
          const id = identities.toSim('user', Number(dummy[1])) ?? dummy[1]
          return `user${String(id)}@${domain}`
        }
      }
      if (space === undefined || !/^\d+$/.test(segment)) return segment
      const mapped = identities.toSim(space, Number(segment))
      return mapped === undefined ? segment : String(mapped)
    })
    .join('/')
}

/** The id space of a query or form parameter (`user_id`, `user_ids`, `message_id`…), if it holds ids. */
function parameterSpace(name: string): string | undefined {
  if (name === 'user_id' || name === 'user_ids') return 'user'
  if (name === 'message_id' || name === 'message_ids' || name === 'anchor') return 'message'
  return undefined
}

/** A parameter value (a number or a JSON list of numbers) with recorded ids written as the simulator's. */
function mapValue(value: string, space: string, identities: Identities): string {
  return value.replace(/\d+/g, (digits) => {
    const mapped = identities.toSim(space, Number(digits))
    return mapped === undefined ? digits : String(mapped)
  })
}

/** Whether a recorded secret was replaced by a placeholder (`[redacted]`, `understudy-redacted-…`). */
const isRedacted = (value: string) => /redacted/i.test(value)

/** A stand-in for a redacted password, of the kind the recorded answer shows it was. */
function passwordStandIn(recordedMessage: string | undefined): string {
  return recordedMessage === 'The password is too weak.' ? 'abc' : 'Understudy-verify-Pa55word!'
}

/**
 * URL-encoded parameters with ids mapped and redacted passwords replaced by stand-ins; the text as
 * recorded when nothing changes.
 */
export function mapForm(text: string, identities: Identities, recordedMessage?: string): string {
  const params = new URLSearchParams(text)
  let changed = false
  for (const [name, value] of [...params]) {
    if (name === 'password' && recordedMessage !== undefined && isRedacted(value)) {
      params.set(name, passwordStandIn(recordedMessage))
      changed = true
      continue
    }
    const space = parameterSpace(name)
    if (space === undefined) continue
    const mapped = mapValue(value, space, identities)
    if (mapped !== value) {
      params.set(name, mapped)
      changed = true
    }
  }
  return changed ? params.toString() : text
}

/** The Authorization header to send for a recorded messaging credential; `undefined`: none. */
export function authorization(
  planned: PlannedExchange,
  plan: MessagingPlan,
  instance: MessagingService,
  raw: string | undefined,
): string | undefined {
  const credential: Credential = planned.credential
  if (credential.scheme === 'none') return undefined
  const account = plan.accounts.get(credential.id)
  if (account && account !== 'as-recorded') {
    const key = instance.apiKeyOf(account.subdomain, account.email)
    if (key !== undefined)
      return basic(credential.scheme === 'basic' ? credential.email : account.email, key)
  }
  if (credential.scheme === 'basic' && isRedacted(credential.key)) {
    // A refused key the recording redacted: a stand-in of the form the answer shows it had.
    const malformed = recordedMessage(planned) === 'Malformed API key'
    return basic(credential.email, malformed ? 'redacted' : WRONG_KEY)
  }
  return raw
}

/** A key of Zulip's form (32 letters and digits) that no account has. */
const WRONG_KEY = 'UnderstudyVerifyWrongKey00000000'

/** The recorded answer's `msg`, if it has one. */
export function recordedMessage(planned: PlannedExchange): string | undefined {
  const msg = (planned.json as { msg?: unknown } | undefined)?.msg
  return typeof msg === 'string' ? msg : undefined
}
