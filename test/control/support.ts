/**
 * Shared parts of the control-surface tests: the options of the in-process simulator (served by the
 * package's `useSimulator`), plain request helpers for the router, the messaging API and the control
 * routes, and the default scenario's credentials.
 */
import type {
  PlainRequest,
  PlainResponse,
  Simulator,
  SimulatorOptions,
} from '../../src/entries/index.js'
import { accounts, basic, keys, workspaces } from '../support/credentials.js'
import { NOW } from '../support/time.js'

export { accounts, basic, keys, NOW, workspaces }

export const ROUTER = 'https://openrouter.ai/api/v1'
export const ACME = 'https://acme.zulipchat.com'

/**
 * The control suites' simulator: `useSimulator({ beforeAll, afterEach, afterAll }, controlOptions)` (from
 * `src/entries/node`, as a consumer's test does) serves it and resets it after each test. A file that also drives a
 * standalone server on 127.0.0.1 calls it inside a `describe` of its in-process suites, so that msw (which
 * refuses unhandled requests) intercepts only while they run.
 */
export const controlOptions: SimulatorOptions = { seed: 'control-tests', now: NOW }

/** A plain request as the handlers build it (for `simulator.dispatch`, the handlers' own path). */
export function plainRequest(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string | Uint8Array } = {},
): PlainRequest {
  const parsed = new URL(url)
  return {
    method,
    url,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers: options.headers ?? {},
    body: typeof options.body === 'string' ? new TextEncoder().encode(options.body) : options.body,
  }
}

/** Answers a plain request through `dispatch`; throws when no service answers with a response. */
export async function dispatchPlain(
  simulator: Simulator,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<PlainResponse> {
  const outcome = await simulator.dispatch(plainRequest(method, url, options), 'in-process')
  if (!outcome || 'network' in outcome) throw new Error(`no answer for ${method} ${url}`)
  return outcome
}

/** A response: status, headers, the raw text and the parsed JSON (undefined when not JSON). */
export interface Answer {
  status: number
  headers: Headers
  text: string
  body: any
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status, headers: response.headers, text, body }
}

/** Sends a request to a router base URL with a Bearer key (default: the Default inference key). */
export async function routerCall(
  base: string,
  method: string,
  path: string,
  options: { key?: string | null; body?: unknown; signal?: AbortSignal } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {}
  const key = options.key === undefined ? keys.inference : options.key
  if (key !== null) headers.authorization = `Bearer ${key}`
  let body: string | undefined
  if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] = 'application/json'
  }
  return answer(
    await fetch(`${base}${path}`, { method, headers, body, signal: options.signal ?? null }),
  )
}

/** Creates a preset version through the chat-completions skin. */
export function createPreset(base: string, slug: string, content = 'Hi', key?: string) {
  return routerCall(base, 'POST', `/presets/${slug}/chat/completions`, {
    key,
    body: { messages: [{ role: 'system', content }], model: 'openai/gpt-5.4' },
  })
}

/** Sends a request to an organization's base URL as an account (default Iago), with an optional form body. */
export async function messagingCall(
  base: string,
  method: string,
  path: string,
  options: {
    as?: { email: string; key: string } | null
    form?: Record<string, string>
    multipart?: Record<string, string>
    signal?: AbortSignal
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {}
  const as = options.as === undefined ? accounts.iago : options.as
  if (as !== null) headers.authorization = basic(as)
  let body: BodyInit | undefined
  if (options.form) body = new URLSearchParams(options.form)
  else if (options.multipart) {
    const data = new FormData()
    for (const [name, value] of Object.entries(options.multipart)) data.append(name, value)
    body = data
  }
  return answer(
    await fetch(`${base}${path}`, { method, headers, body, signal: options.signal ?? null }),
  )
}

/** Creates a user in an organization through `POST /api/v1/users`. */
export function createUser(base: string, email: string, fullName: string, password = 'xkcd-936!') {
  return messagingCall(base, 'POST', '/api/v1/users', {
    form: { email, password, full_name: fullName },
  })
}

/** Sends a request to the control surface of a standalone server (`origin` + `/__understudy` + `path`). */
export async function control(
  origin: string,
  method: string,
  path = '',
  body?: unknown,
): Promise<Answer> {
  return answer(
    await fetch(`${origin}/__understudy${path}`, {
      method,
      // Control writes with a body must say JSON (the server refuses other types with 415).
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
}

/** Whether a request is still unanswered after `ms` (it is aborted then). */
export async function unansweredAfter(
  request: (signal: AbortSignal) => Promise<unknown>,
  ms = 200,
) {
  try {
    await request(AbortSignal.timeout(ms))
    return false
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return true
    throw error
  }
}

/** The error a promise rejects with; fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the promise to reject, and it resolved')
}

/** `startCli` of `test/support/cli.ts` (it waits up to 45 s and leaves no child behind). */
export { startCli as startServerCli } from '../support/cli.js'
