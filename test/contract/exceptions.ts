/**
 * The one place that lists where Understudy knowingly differs from a published description, each with why and
 * its evidence. A problem the contract checks find (`check.ts`) that one of these matches is counted, not
 * failed; anything else fails the test that made the exchange.
 *
 * Three kinds:
 * - **seed**: the seed (the contract) says otherwise; it wins (shared/README.md).
 * - **real**: the real service is known to differ from its description; the real service wins.
 * - **later**: the level is newer than the kept description, and Zulip's API changelog documents the
 *   change the description predates; excused only from that level on (test/contract/descriptions.ts).
 * - **pending**: today's messaging answers break the Zulip description while the messaging service is being
 *   reworked in another branch (issue 20 §1/§2); listed in notes/messaging-contract-gaps.md for the lead
 *   to reconcile after merging. Each should disappear, or move to `real` with the oracle's evidence.
 * @module
 */
import type { Exchange, Problem } from './check.js'

export interface KnownException {
  id: string
  kind: 'seed' | 'real' | 'later' | 'pending'
  /** Why Understudy differs, and where the evidence is. */
  why: string
  matches(problem: Problem, exchange: Exchange): boolean
}

/** Whether an answer is exactly a Zulip error: `result`, `msg` and `code`, nothing else. */
const isCodedError = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  Object.keys(body).sort().join() === 'code,msg,result' &&
  (body as { result: unknown }).result === 'error' &&
  typeof (body as { msg: unknown }).msg === 'string' &&
  typeof (body as { code: unknown }).code === 'string'

/** The user operations whose answers hold user objects. */
const USER_READS = ['get-users', 'get-user', 'get-user-by-email', 'get-own-user']

/** Whether the request body uses a seed-named `router:*` server tool somewhere. */
const usesRouterTools = (exchange: Exchange) => JSON.stringify(exchange.body).includes('"router:')

const KNOWN_EXCEPTIONS: readonly KnownException[] = [
  {
    id: 'router-seed-tool-names',
    kind: 'seed',
    why:
      'The seed names server tools router:* (router:web_search, router:web_fetch, seed section 4 "Tools"); the ' +
      'description lists openrouter:*. Understudy takes both (src/services/router/validation/described.ts, sameTag).',
    matches: (problem, exchange) =>
      problem.service === 'router' && problem.part === 'request' && usesRouterTools(exchange),
  },
  {
    id: 'router-switchyard-plugin',
    kind: 'real',
    why:
      'The switchyard-router plugin is not in the kept description (2026-08-22) but the published SDK 1.3.19 ' +
      'sends it and the later terraform-provider-openrouter spec has it (x-extracted.sdk_1_3_19_deltas of the ' +
      'description): the real service takes it.',
    matches: (problem, exchange) =>
      problem.service === 'router' &&
      problem.part === 'request' &&
      JSON.stringify(exchange.body).includes('"switchyard-router"'),
  },
  {
    id: 'zulip-missing-argument-var-name',
    kind: 'real',
    why:
      'A missing parameter is 400 REQUEST_VARIABLE_MISSING with an extra "var_name" key, which the error ' +
      'schemas of both Zulip descriptions close out (additionalProperties: false). The real server sends it: ' +
      '/work/notes/recordings/answers-384.json and answers-442.json, step 4 (POST /users without password: ' +
      '{"result":"error","msg":"Missing \'password\' argument","var_name":"password","code":' +
      '"REQUEST_VARIABLE_MISSING"}); shared/spec/messaging-admin.md, RequestVariableMissingError.',
    matches: (problem) =>
      problem.service === 'messaging' &&
      problem.part === 'response' &&
      problem.status === 400 &&
      problem.message.endsWith('(var_name)'),
  },
  {
    id: 'zulip-users-me-bot-fields',
    kind: 'real',
    why:
      'GET /users/me by a bot carries bot_type and bot_owner_id, which the level-420 description of that answer ' +
      'closes out. The real server sends them: the level-442 oracle, ' +
      '/work/notes/contract-evidence/bot-users-me.answers-442.json (a bot created with POST /bots reads ' +
      '/users/me: ..."bot_type": 1, "bot_owner_id": 6, "max_message_id": -1).',
    matches: (problem) =>
      problem.service === 'messaging' &&
      problem.operation === 'get-own-user' &&
      problem.part === 'response' &&
      /\((bot_type|bot_owner_id)\)$/.test(problem.message),
  },
  {
    id: 'zulip-delete-message-400-oneof',
    kind: 'real',
    why:
      "DELETE /messages/{message_id}'s 400 is a oneOf of InvalidMessageError and CodedError, two closed " +
      '{result, msg, code} objects: every Zulip error matches both, so the oneOf accepts none (the level-420 ' +
      'and level-469 files). The real server sends exactly such an error: the level-442 oracle, ' +
      '/work/notes/contract-evidence/delete-message.answers-442.json (DELETE /api/v1/messages/99999 as an ' +
      'administrator, and a member deleting the administrator\'s message: 400 {"result":"error","msg":' +
      '"Invalid message(s)","code":"BAD_REQUEST"}). Excused only for an answer that is exactly such an error.',
    matches: (problem, exchange) =>
      problem.service === 'messaging' &&
      problem.operation === 'delete-message' &&
      problem.part === 'response' &&
      problem.status === 400 &&
      problem.at === 'response' &&
      problem.message.startsWith('oneOf: must match exactly one schema') &&
      isCodedError(exchange.response),
  },
  {
    id: 'zulip-deactivate-own-user-other-400s',
    kind: 'real',
    why:
      'DELETE /users/me declares one 400, the last-user error, with `entity` and `is_last_owner` required; ' +
      'the real server also answers the 400s every route gives before its view, plain {result, msg, code}: ' +
      'the level-442 oracle, /work/notes/contract-evidence/other-scheme.answers-442.json (DELETE ' +
      '/api/v1/users/me with "Authorization: Bearer abcdef": 400 {"result":"error","msg":"This endpoint ' +
      'requires HTTP basic authentication.","code":"BAD_REQUEST"}). Excused only for an answer that is ' +
      'exactly such an error and not the last-user one, which stays checked.',
    matches: (problem, exchange) =>
      problem.service === 'messaging' &&
      problem.operation === 'deactivate-own-user' &&
      problem.part === 'response' &&
      problem.status === 400 &&
      /^required: must have required property '(entity|is_last_owner)'$/.test(problem.message) &&
      isCodedError(exchange.response) &&
      (exchange.response as { code: string }).code !== 'CANNOT_DEACTIVATE_LAST_USER',
  },
  {
    id: 'zulip-488-discord-authentication',
    kind: 'later',
    why:
      'Zulip\'s API changelog, feature level 488: "GET /server_settings: Added `discord` boolean as a field in ' +
      '`authentication_methods` which indicates whether the realm has Discord as a valid authentication ' +
      'method" (api_docs/changelog.md of main, 2026-09-25, PROVENANCE.md). The level-469 description closes ' +
      'authentication_methods without it. Excused from level 488 on only.',
    matches: (problem, exchange) =>
      problem.service === 'messaging' &&
      problem.operation === 'get-server-settings' &&
      problem.part === 'response' &&
      (exchange.level ?? 0) >= 488 &&
      problem.at === 'response/authentication_methods' &&
      problem.message.endsWith('(discord)'),
  },
  {
    id: 'zulip-490-is-deleted',
    kind: 'later',
    why:
      'Zulip\'s API changelog, feature level 490: "GET /users, GET /users/{user_id}, GET /users/{email}, ' +
      'GET /users/me: Added `is_deleted` field to returned user objects" (present, true, only for ' +
      'permanently deleted users). The level-469 description closes user objects without it. Understudy ' +
      'deletes no user, so it never sends the field today; excused from level 490 on only.',
    matches: (problem, exchange) =>
      problem.service === 'messaging' &&
      USER_READS.includes(problem.operation) &&
      problem.part === 'response' &&
      (exchange.level ?? 0) >= 490 &&
      problem.message.endsWith('(is_deleted)'),
  },
]

/** The known exception a problem falls under, if any. */
export function excuse(problem: Problem, exchange: Exchange): KnownException | undefined {
  return KNOWN_EXCEPTIONS.find((known) => known.matches(problem, exchange))
}
