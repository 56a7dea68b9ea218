/**
 * What `verify` reports today on each kept recording (test/recordings/), exactly: the one place where the known
 * differences are marked. Each line: the exchange, the request, the kind and path, the real value → the
 * simulator's. recordings.test.ts fails when a line goes away (a fix: delete it) or a new one appears.
 *
 * The Zulip oracle (zulip-384.har, zulip-442.har), after the messaging fidelity work: no difference remains
 * (docs/verify.md, "The evidence this project keeps").
 *
 * What verify no longer reports, and why (not differences of the simulator):
 * - The order of `GET /users` rows (the 442 oracle lists 6, 9, 7, 8): the real query has no ORDER BY, so the
 *   order is the database's; verify compares those lists as sets (the messaging part's `unordered`, src/services/messaging/verify/part.ts; src/surfaces/verify/unordered.ts), every element and
 *   field still compared.
 * - `max_message_id` 12 and 14 of the owner and the member: onboarding messages that existed before the
 *   recording; verify seeds them at their ids, as it seeds the users that existed. The onboarding recordings
 *   (zulip-384-onboarding.har, zulip-442-onboarding.har) read those messages: there the set-up's organization
 *   holds the real onboarding messages (a recorded Welcome Bot channel message shows it), and every read is
 *   compared.
 * - Dummy addresses `user<id>@localhost` against the simulator's `user<id>@localhost.zulipchat.com`: the fake
 *   e-mail domain is the organization's identity (the oracle's `FAKE_EMAIL_DOMAIN`), mapped like its URL.
 * - 442, exchange 92: the welcome text `#**general**`, a channel link on the real server (`<a class="stream"
 *   data-stream-id="3" …>#general</a>`): each organization now has the channels of a new real organization
 *   (`Zulip`, `sandbox`, `general`, ids 1-3), and verify gives it the channels its recorded links show.
 * Skipped on both: exchange 12, the password over 100 characters (500): the recording redacted it, and a
 * redacted password of unknown length cannot be replayed.
 *
 * For the example exchanges of the API descriptions: OpenRouter's examples use placeholder error messages
 * (`Missing Authentication header`, `Resource not found`); the specification this project follows says `No auth
 * credentials found` and `Preset not found` (../shared/spec/router-presets.md). Everything else of them, and Zulip's
 * `POST /users` examples at 324 and 420, verify clean.
 */

/** The recordings kept, by path below test/recordings/. */
export type RecordingName =
  | 'zulip-oracle/zulip-384.har'
  | 'zulip-oracle/zulip-442.har'
  | 'zulip-oracle/zulip-384-onboarding.har'
  | 'zulip-oracle/zulip-442-onboarding.har'
  | 'examples/zulip-324-create-user.har'
  | 'examples/zulip-420-create-user.har'
  | 'examples/openrouter-reads.har'
  | 'examples/openrouter-create-chat.har'
  | 'examples/openrouter-create-messages.har'
  | 'examples/openrouter-create-responses.har'
  | 'examples/openrouter-errors.har'
  | 'openrouter/openrouter-real.har'

// --- generated below (UPDATE_KNOWN_DIFFERENCES=1); check every change before keeping it

export const KNOWN_DIFFERENCES: Record<RecordingName, string[]> = {
  'zulip-oracle/zulip-384.har': [],
  'zulip-oracle/zulip-442.har': [],
  'zulip-oracle/zulip-384-onboarding.har': [],
  'zulip-oracle/zulip-442-onboarding.har': [],
  'examples/zulip-324-create-user.har': [],
  'examples/zulip-420-create-user.har': [],
  'examples/openrouter-reads.har': [],
  'examples/openrouter-create-chat.har': [],
  'examples/openrouter-create-messages.har': [],
  'examples/openrouter-create-responses.har': [],
  'examples/openrouter-errors.har': [
    '1 GET /api/v1/presets value body.error.message: "Missing Authentication header" → "No cookie auth credentials found"',
    '2 GET /api/v1/presets/no-such-preset value body.error.message: "Resource not found" → "Preset not found"',
  ],
  'openrouter/openrouter-real.har': [],
}

export const KNOWN_SKIPPED: Partial<Record<RecordingName, string[]>> = {
  'zulip-oracle/zulip-384.har': [
    '12 POST its password was redacted, and its answer (500) does not tell what the password was like',
  ],
  'zulip-oracle/zulip-442.har': [
    '12 POST its password was redacted, and its answer (500) does not tell what the password was like',
  ],
  'examples/zulip-324-create-user.har': [],
  'examples/zulip-420-create-user.har': [],
  'examples/openrouter-reads.har': [],
  'examples/openrouter-create-chat.har': [],
  'examples/openrouter-create-messages.har': [],
  'examples/openrouter-create-responses.har': [],
  'examples/openrouter-errors.har': [],
}
