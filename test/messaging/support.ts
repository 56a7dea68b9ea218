/**
 * Shared parts of the messaging tests: the simulator options (a fixed seed and clock) that each suite hands
 * to the package's `useSimulator`, the default scenario's accounts, and a small request helper.
 */
import type { SimulatorOptions } from '../../src/entries/index.js'
import { accounts } from '../support/credentials.js'
import { NOW } from '../support/time.js'

export const ORIGIN = 'https://acme.zulipchat.com'
export const API = `${ORIGIN}/api/v1`
/** `date_joined` of every seeded account at NOW (to the minute, as the real server writes it). */
export const JOINED = '2026-01-01T00:00+00:00'

/** A credential: an e-mail address and an API key. */
export interface Account {
  email: string
  key: string
}

/** The default scenario's accounts, with their ids. */
export { accounts } from '../support/credentials.js'

/** `Authorization: Basic base64(email:key)`. */
export function basic(account: Account): string {
  return `Basic ${Buffer.from(`${account.email}:${account.key}`).toString('base64')}`
}

/**
 * The messaging suites' simulator: `useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)` (from
 * `src/entries/node`, as a consumer's test does) serves it for the file and resets it after each test.
 */
export const messagingOptions: SimulatorOptions = { seed: 'messaging-tests', now: NOW }

/** Options of `api`. */
export interface CallOptions {
  /** The account to authenticate as; `null` for no `Authorization` header. Default Iago. */
  as?: Account | null
  /** A form body, sent `application/x-www-form-urlencoded`. */
  form?: Record<string, string> | Array<[string, string]>
  /** A form body, sent `multipart/form-data` by fetch's FormData. */
  multipart?: Record<string, string>
  /** A raw body. */
  body?: string
  headers?: Record<string, string>
  /** The API base (default `https://acme.zulipchat.com/api/v1`). */
  base?: string
}

/** A response: status, headers, the raw text, and the parsed JSON body when it is JSON. */
export interface CallResult {
  status: number
  headers: Headers
  text: string
  body: any
}

/** Sends a request to the messaging API. */
export async function api(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers }
  const as = options.as === undefined ? accounts.iago : options.as
  if (as !== null && headers.authorization === undefined) headers.authorization = basic(as)
  let body: BodyInit | undefined
  if (options.form) body = new URLSearchParams(options.form)
  else if (options.multipart) {
    const data = new FormData()
    for (const [name, value] of Object.entries(options.multipart)) data.append(name, value)
    body = data
  } else if (options.body !== undefined) body = options.body
  const response = await fetch(`${options.base ?? API}${path}`, { method, headers, body })
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  return { status: response.status, headers: response.headers, text, body: parsed }
}

/** The exact text of a JSON error body. */
export function errorText(msg: string, code: string, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ result: 'error', msg, ...extra, code })}\n`
}

/** A user object as the API shows a seeded or created human (addresses visible to everyone) at the default level with `client_gravatar`. */
export function userObject(
  id: number,
  email: string,
  fullName: string,
  role: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    email,
    user_id: id,
    avatar_version: 1,
    is_admin: role === 100 || role === 200,
    is_owner: role === 100,
    is_guest: role === 600,
    role,
    is_bot: false,
    full_name: fullName,
    timezone: '',
    is_active: true,
    date_joined: JOINED,
    delivery_email: email,
    is_imported_stub: false,
    avatar_url: null,
    ...extra,
  }
}
