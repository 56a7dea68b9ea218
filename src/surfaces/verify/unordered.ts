/**
 * Lists whose order the real service does not fix, so that the order a recording shows is an accident of
 * that server and not something a simulator can or should reproduce. Each service's part names its own
 * (`VerifyPart.unordered`, e.g. the messaging part's `GET /users`). Their elements are still paired by id
 * and compared one by one (a missing or extra element, any field, is a difference); only their order is not.
 * @module
 */
import type { PlannedExchange, VerifyPart } from '../../engine/core/verify-part.js'

const NONE: ReadonlySet<string> = new Set()

/** The lists of an exchange's answer whose order is not compared. */
export function unorderedLists(plan: PlannedExchange, part: VerifyPart): ReadonlySet<string> {
  const { located } = plan
  if (!located) return NONE
  const lists = (part.unordered ?? [])
    .filter((entry) => entry.method === plan.exchange.method && entry.path.test(located.path))
    .map((entry) => entry.list)
  return lists.length === 0 ? NONE : new Set(lists)
}
