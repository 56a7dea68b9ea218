/**
 * Shared by the snapshot tests: a run of writes across both services (presets and versions, a user, a
 * Welcome Bot message, rate-limited requests, a feature level), and a run of later requests whose answers
 * (status, headers, body text) are compared between a simulator and one restored from its snapshot.
 */
import { accounts, basic, keys } from '../support/credentials.js'

export { NOW } from '../support/time.js'

/** Where the requests go, and how the clock moves, for one simulator (in process or behind a server). */
export interface Target {
  fetch(url: string, init?: RequestInit): Promise<Response>
  /** The router's base URL (`…/api/v1`). */
  router: string
  /** Organization `acme`'s base URL. */
  acme: string
  advance(ms: number): void | Promise<void>
}

/** One answer as the wire carried it. */
export interface Answer {
  request: string
  status: number
  headers: Array<[string, string]>
  body: string
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const basicAuth = (account: { email: string; key: string }) => ({ authorization: basic(account) })
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

async function send(
  target: Target,
  method: string,
  url: string,
  init: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const response = await target.fetch(url, { method, headers: init.headers, body: init.body })
  return {
    request: `${method} ${url}`,
    status: response.status,
    headers: [...response.headers],
    body: await response.text(),
  }
}

const chat = (content: string, model = 'openai/gpt-4o') =>
  JSON.stringify({ messages: [{ role: 'system', content }], model })

/** A router write: a preset created, or a new version of it. */
export const writePreset = (
  target: Target,
  slug: string,
  content: string,
  key: string = keys.inference,
) =>
  send(target, 'POST', `${target.router}/presets/${slug}/chat/completions`, {
    headers: { ...bearer(key), 'content-type': 'application/json' },
    body: chat(content),
  })

/** A messaging write: an administrator who can create users (iago by default) creates a member. */
export const createUser = (
  target: Target,
  email: string,
  fullName: string,
  by: { email: string; key: string } = accounts.iago,
) =>
  send(target, 'POST', `${target.acme}/api/v1/users`, {
    ...form({ email, password: 'correct-horse-battery', full_name: fullName }),
    headers: { ...form({}).headers, ...basicAuth(by) },
  })

/** The rate limit the callers set on `acme` before `writeBefore`: iago's sixth request of a minute is refused. */
export const RATE_LIMIT = { perMinute: 5 }
/** The feature level the callers set on `acme` before `writeBefore`. */
export const FEATURE_LEVEL = 430

/**
 * Writes across both services, the clock moving between them; iago makes three requests. Rate limiting
 * (`RATE_LIMIT`) and the feature level are set by the caller, in process or over the control surface.
 */
export async function writeBefore(target: Target): Promise<Answer[]> {
  const answers = [await writePreset(target, 'alpha', 'first')]
  await target.advance(1_000)
  answers.push(await writePreset(target, 'alpha', 'second'))
  answers.push(await writePreset(target, 'beta', 'management', keys.management))
  answers.push(await createUser(target, 'romeo@acme.example', 'Romeo Montague'))
  await target.advance(2_000)
  answers.push(
    await send(target, 'POST', `${target.acme}/api/v1/realm/test_welcome_bot_custom_message`, {
      ...form({ welcome_message_custom_text: 'Welcome to **acme**!' }),
      headers: { ...form({}).headers, ...basicAuth(accounts.iago) },
    }),
  )
  answers.push(
    await send(target, 'GET', `${target.acme}/api/v1/users/me`, {
      headers: basicAuth(accounts.iago),
    }),
  )
  return answers
}

/**
 * Later requests: new ids (a preset, a version, a user's key), reads of everything written, the rate
 * limit's windows (iago's fourth and fifth requests of the minute pass, the sixth is refused) and the clock.
 */
export async function replay(target: Target): Promise<Answer[]> {
  const iago = { headers: basicAuth(accounts.iago) }
  const desdemona = { headers: basicAuth(accounts.desdemona) }
  const answers = [
    await writePreset(target, 'gamma', 'third'),
    await writePreset(target, 'alpha', 'fourth'),
    await send(target, 'GET', `${target.router}/presets`, { headers: bearer(keys.inference) }),
    await send(target, 'GET', `${target.router}/presets/alpha/versions`, {
      headers: bearer(keys.inference),
    }),
    await send(target, 'GET', `${target.router}/presets/beta`, {
      headers: bearer(keys.management),
    }),
  ]
  await target.advance(500)
  answers.push(await send(target, 'GET', `${target.acme}/api/v1/users/me`, iago))
  answers.push(await send(target, 'GET', `${target.acme}/api/v1/messages/1`, iago))
  answers.push(await send(target, 'GET', `${target.acme}/api/v1/users`, iago))
  answers.push(
    await createUser(target, 'juliet@acme.example', 'Juliet Capulet', accounts.provisioner),
  )
  answers.push(await send(target, 'GET', `${target.acme}/api/v1/users`, desdemona))
  answers.push(
    await send(target, 'GET', `${target.acme}/api/v1/users/juliet@acme.example`, desdemona),
  )
  answers.push(await send(target, 'GET', `${target.acme}/api/v1/server_settings`))
  return answers
}

/** A control-surface answer: status, headers and the parsed JSON body. */
export interface ControlAnswer {
  status: number
  headers: Headers
  body: any
}

/** A request to a server's control surface (a body is sent as JSON, as the control surface requires). */
export async function control(
  origin: string,
  method: string,
  path = '',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ControlAnswer> {
  const response = await fetch(`${origin}/__understudy${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: JSON.parse(text) }
}

/** A server as a `Target`: its fetch, its URLs, its clock moved over the control surface. */
export const serverTarget = (server: {
  url: string
  services: { router: string; messaging: Record<string, string> }
}): Target => ({
  fetch: (url, init) => fetch(url, init),
  router: server.services.router,
  acme: server.services.messaging.acme as string,
  async advance(ms) {
    const moved = await control(server.url, 'POST', '/clock', { advanceMs: ms })
    if (moved.status !== 200) throw new Error(`the clock did not move: ${moved.status}`)
  },
})
