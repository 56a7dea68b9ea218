/**
 * `POST /users` (`create_user_backend`): an administrator creates a member account. The checks run in
 * the real server's order; each failure is a 400.
 *
 * 1. the caller is an owner or administrator (`UNAUTHORIZED_PRINCIPAL`);
 * 2. `email`, `password`, `full_name` are present, in that order (`REQUEST_VARIABLE_MISSING`);
 * 3. the caller has `can_create_users` (from feature level 36);
 * 4. the full name: at most 100 characters, not empty (below 416: at least 2), no invalid characters,
 *    no `|<digits>` ending, unique when the organization requires it;
 * 5. a valid e-mail address (`Bad name or username`; at most 254 characters from level 442, 320 before);
 * 6. the organization's domain rules (the `+` rule and allowed domains, or disposable domains);
 * 7. no account of the organization already has the address (case-insensitive, deactivated users and
 *    bots included);
 * 8. the password policy (a password over 100 characters is the real server's 500, see `zxcvbnRaises`);
 * 9. below level 442, an address over 254 characters fails at the insert (500).
 *
 * The new member then gets Welcome Bot's greeting, a direct message (`onboarding.ts`), as on the real
 * server, unless the organization is a bare one (`onboarding: false`).
 *
 * Steps 4–8 and the write run synchronously, so no other request can come between a check and the
 * write: concurrent creates of one address give one success.
 * @module
 */
import type { PlainResponse } from '../../src/engine/core/http.js'
import {
  actorOf,
  type MessagingCall,
  type MessagingOperation,
  success,
} from '../../src/services/messaging/context.js'
import {
  badRequest,
  internalError,
  messagingMessages,
  zulipError,
} from '../../src/services/messaging/errors.js'
import { LEVELS } from '../../src/services/messaging/feature-levels.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'
import { isResponse } from '../../src/services/messaging/params.js'
import { codePointLength, pyStrip } from '../../src/services/messaging/python.js'
import { isAdministrator, ROLES } from '../../src/services/messaging/records.js'
import {
  checkFullName,
  EMAIL_COLUMN_LENGTH,
  emailNotAllowed,
  isValidEmail,
} from '../../src/services/messaging/validation.js'

/**
 * The real server's bug: its strength check hands the password to zxcvbn with a maximum length, and
 * zxcvbn raises for a longer one, which the API answers with a 500 (`Internal server error`). Zulip 10.0
 * (level 371) passed zxcvbn's default of 72 characters; from 10.1 (372) `PASSWORD_MAX_LENGTH`, 100. Below
 * 371 (an older zxcvbn) no length raised. Python counts code points.
 */
function zxcvbnRaises(password: string, featureLevel: number): boolean {
  if (featureLevel < LEVELS.zxcvbnMaxLength) return false
  const limit = featureLevel === LEVELS.zxcvbnMaxLength ? 72 : 100
  return password.length > limit && codePointLength(password) > limit
}

/** Creates a user, or answers the first failing check. */
function create(call: MessagingCall): PlainResponse {
  const actor = actorOf(call)
  if (!isAdministrator(actor))
    return zulipError(400, 'UNAUTHORIZED_PRINCIPAL', messagingMessages.notAdministrator)
  const email = call.params.required('email')
  if (isResponse(email)) return email
  const password = call.params.required('password')
  if (isResponse(password)) return password
  const fullNameRaw = call.params.required('full_name')
  if (isResponse(fullNameRaw)) return fullNameRaw
  if (call.featureLevel >= LEVELS.createUserNeedsPermission && !actor.canCreateUsers) {
    return badRequest(messagingMessages.cannotCreateUsers)
  }

  const { organization, store } = call
  const checked = checkFullName(fullNameRaw, call.featureLevel, {
    required: organization.requireUniqueNames,
    others: () =>
      store
        .usersOf(organization.subdomain)
        .filter((user) => user.id !== actor.id && !user.isSystemBot)
        .map((user) => user.fullName),
  })
  if ('error' in checked) return badRequest(checked.error)
  const formLimit = call.featureLevel >= LEVELS.emailFormMaxLength ? EMAIL_COLUMN_LENGTH : 320
  if (!isValidEmail(email, formLimit)) return badRequest(messagingMessages.badNameOrUsername)
  const refused = emailNotAllowed(email, organization)
  if (refused) return badRequest(refused)
  if (store.userByEmail(organization.subdomain, email)) {
    return badRequest(
      call.featureLevel >= LEVELS.emailAlreadyInUseWording
        ? messagingMessages.emailInUse
        : messagingMessages.emailInUseBefore361(email),
    )
  }
  if (zxcvbnRaises(password, call.featureLevel)) return internalError()
  if (!messagingParts.get().isStrongPassword(password, organization.passwordPolicy))
    return badRequest(messagingMessages.passwordTooWeak)
  // Below `LEVELS.emailFormMaxLength`, an address the column cannot hold fails at the insert.
  if (codePointLength(pyStrip(email)) > EMAIL_COLUMN_LENGTH) return internalError()

  const user = store.addUser({
    organization: organization.subdomain,
    email,
    fullName: checked.name,
    password,
    role: ROLES.member,
    emailAddressVisibility: organization.emailAddressVisibility,
  })
  // `process_new_human_user`: Welcome Bot greets the new member (where the organization has onboarding).
  store.greet(user)
  return success(
    call,
    call.featureLevel >= LEVELS.createUserReturnsUserId ? { user_id: user.id } : {},
  )
}

/** `POST /api/v1/users`: an administrator with `can_create_users` creates a member account. */
export const createUser = {
  name: 'create-user' as const,
  method: 'POST',
  path: '/api/v1/users',
  access: 'rest',
  handle: create,
} satisfies MessagingOperation
