/**
 * Lists whose order the real service does not fix, so that the order a recording shows is an accident of
 * that server and not something a simulator can or should reproduce. Their elements are still paired by id
 * and compared one by one (a missing or extra element, any field, is a difference); only their order is not.
 *
 * - Zulip's `GET /users` (`get_users_for_api` → `get_realm_user_dicts`, and `user_ids` through
 *   `id__in`) reads the rows without `ORDER BY`, so PostgreSQL returns them in the order it stores them:
 *   the real 384 server of test/recordings lists `6, 7, 8, 9`, the 442 server, built by the same script,
 *   `6, 9, 7, 8` (the new row filled a slot the template database had left free). Understudy lists them in
 *   id order.
 * @module
 */
import type { PlannedExchange } from './plan.js'

interface UnorderedList {
  service: 'router' | 'messaging'
  method: string
  /** The path below the service's base. */
  path: RegExp
  /** Where the list is in the answer (`body.members`), as differences name it. */
  list: string
}

const UNORDERED: readonly UnorderedList[] = [
  { service: 'messaging', method: 'GET', path: /^\/api\/v1\/users\/?$/, list: 'body.members' },
]

const NONE: ReadonlySet<string> = new Set()

/** The lists of an exchange's answer whose order is not compared. */
export function unorderedLists(plan: PlannedExchange): ReadonlySet<string> {
  const { located } = plan
  if (!located) return NONE
  const lists = UNORDERED.filter(
    (entry) =>
      entry.service === located.service &&
      entry.method === plan.exchange.method &&
      entry.path.test(located.path),
  ).map((entry) => entry.list)
  return lists.length === 0 ? NONE : new Set(lists)
}
