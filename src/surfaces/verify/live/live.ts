/**
 * `understudy-mock verify <service> --live`: runs the service's fixed script (its part's `live`, e.g.
 * `src/services/router/verify/live.ts`) against the real service, records the exchanges, removes every credential from them (`scrub.ts`), and verifies the
 * recording exactly as `--har` does. The caller asks before anything is written (`livePlan` says what
 * will be created) and prints what was created and how to remove it.
 * @module
 */
import { randomBytes } from 'node:crypto'
import { trimEndRun } from '../../../engine/core/text-runs.js'
import type { Created } from '../../../engine/core/verify-part.js'
import { UNDERSTUDY_VERSION } from '../../../engine/core/version.js'
import type { ServiceName } from '../../../services/registry.js'
import { VerifyInputError } from '../har-input.js'
import { partOf, verifyParts } from '../parts.js'
import type { VerifyReport } from '../report.js'
import { type VerifyOptions, verifyHar } from '../verify-har.js'
import {
  LIVE_MAX_BODY_BYTES,
  LIVE_TIMEOUT_MS,
  LiveLimitError,
  liveHar,
  Recorder,
} from './record.js'
import { scrubExchanges } from './scrub.js'

/** Options of the live mode. */
export interface LiveOptions {
  service: ServiceName
  /** The service's base URL: the router's `…/api/v1`, or the organization's URL (e.g. `https://chat.example.com`). */
  baseUrl: string
  apiKey: string
  /** The account's e-mail, for a service that authenticates with one (messaging: Basic authentication). */
  email?: string | undefined
  /** The `fetch` to send with (default: the global one). */
  fetch?: typeof fetch
  /** How long one exchange may take, from sending to the answer's last byte (default 30,000 ms). */
  timeoutMs?: number | undefined
  /** The largest answer body read (default 16 MiB); past it the run stops. */
  maxBodyBytes?: number | undefined
  /** Options for checking the recording (feature level, roles…). */
  verify?: Omit<VerifyOptions, 'service'>
}

/** What the live mode will do, said before it does it. */
export interface LivePlan {
  /** `understudy-verify-<random>`: the name of everything it creates. */
  tag: string
  willCreate: string[]
}

/** The outcome of a live run. */
export interface LiveResult {
  report: VerifyReport
  /** The exchanges as a HAR document, every credential removed. */
  har: object
  created: Created[]
}

/** A live run that failed after it may have created something. */
export class LiveFailure extends VerifyInputError {
  constructor(
    message: string,
    readonly created: Created[],
  ) {
    super(message)
  }
}

const parts = verifyParts()

/** The live script of a service, or a refusal when its part has none. */
function scriptOf(service: string) {
  const script = partOf(parts, service).live
  if (!script) throw new VerifyInputError(`${service} has no live script`)
  return script
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const randomText = (length: number, alphabet: string) =>
  [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('')

function checked(options: LiveOptions): LiveOptions {
  let url: URL
  try {
    url = new URL(options.baseUrl)
  } catch {
    throw new VerifyInputError(`--base-url: ${options.baseUrl} is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new VerifyInputError(`--base-url: ${options.baseUrl} is not an http(s) URL`)
  }
  for (const [name, value] of [
    ['timeoutMs', options.timeoutMs],
    ['maxBodyBytes', options.maxBodyBytes],
  ] as const)
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0))
      throw new VerifyInputError(`${name} must be a whole number above 0, got ${String(value)}`)
  if (options.apiKey === '') throw new VerifyInputError('--api-key must not be empty')
  const problem = scriptOf(options.service).problem?.({ email: options.email })
  if (problem !== undefined) throw new VerifyInputError(problem)
  return { ...options, baseUrl: trimEndRun(options.baseUrl, '/') }
}

/** What a live run of these options will create, under a fresh random name. */
export function livePlan(options: LiveOptions): LivePlan {
  const { service, baseUrl, email } = checked(options)
  const tag = `understudy-verify-${randomText(8, 'abcdefghijklmnopqrstuvwxyz0123456789')}`
  return { tag, willCreate: scriptOf(service).willCreate({ baseUrl, email, tag }) }
}

/** Runs the script under the plan's name, then verifies what was recorded. */
export async function runLive(options: LiveOptions, plan: LivePlan): Promise<LiveResult> {
  const live = checked(options)
  const recorder = new Recorder(live.fetch, {
    timeoutMs: live.timeoutMs ?? LIVE_TIMEOUT_MS,
    maxBodyBytes: live.maxBodyBytes ?? LIVE_MAX_BODY_BYTES,
  })
  const created: Created[] = []
  try {
    await scriptOf(live.service).run({
      baseUrl: live.baseUrl,
      apiKey: live.apiKey,
      email: live.email,
      tag: plan.tag,
      wrongKey: randomText(32, ALPHANUMERIC),
      password: `${randomText(20, ALPHANUMERIC)}-Uv9!`,
      created,
      send: async (request) => {
        try {
          return await recorder.send(request)
        } catch (error) {
          if (error instanceof LiveLimitError) throw new LiveFailure(error.message, created)
          const cause = (error as { cause?: { message?: string } }).cause?.message
          throw new LiveFailure(
            `cannot reach ${request.url}: ${cause ?? (error instanceof Error ? error.message : String(error))}`,
            created,
          )
        }
      },
    })
  } catch (error) {
    if (error instanceof LiveFailure) throw error
    throw new LiveFailure(error instanceof Error ? error.message : String(error), created)
  }
  const har = liveHar(scrubExchanges(recorder.exchanges, [live.apiKey]), UNDERSTUDY_VERSION)
  try {
    const report = await verifyHar(har, { ...live.verify, service: live.service })
    return { report, har, created }
  } catch (error) {
    throw new LiveFailure(error instanceof Error ? error.message : String(error), created)
  }
}
