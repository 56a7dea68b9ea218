/**
 * The `roles` option: what a credential is, where the recording does not show it. Keys are an account's
 * e-mail (any case) or a key; each service's part says which values mean something to it
 * (`VerifyPart.roles`: the messaging roles, the router's key kinds).
 * @module
 */
import { VerifyInputError } from './har-input.js'
import { inReportOrder, type Parts } from './parts.js'

/** Checks the option's values, refusing one that is no role. Keys are kept as given (e-mails lower-cased). */
export function checkRoles(
  roles: Readonly<Record<string, string>> | undefined,
  parts: Parts,
): Map<string, string> {
  const checked = new Map<string, string>()
  for (const [who, value] of Object.entries(roles ?? {})) {
    if (!parts.some(({ part }) => part.roles.accepts(value))) {
      const described = inReportOrder(parts).map(({ part }) => part.roles.described)
      throw new VerifyInputError(`role for ${who}: "${value}" is not ${described.join(', ')}`)
    }
    checked.set(who.includes('@') ? who.toLowerCase() : who, value)
  }
  return checked
}
