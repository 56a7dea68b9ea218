/**
 * Shared parts of the verify tests: a session of both services recorded from Understudy itself (every
 * operation it simulates, errors included), and small helpers to edit a HAR the way the tests need.
 */
import { createSimulator, type Har, type SimulatorOptions } from '../../src/entries/index.js'
import { accounts, basic, keys } from '../support/credentials.js'

const MESSAGING = 'https://acme.zulipchat.com/api/v1'
const ROUTER = 'https://openrouter.ai/api/v1'
const form = (fields: Record<string, string>) => new URLSearchParams(fields)
const json = { 'content-type': 'application/json' }
const inference = { authorization: `Bearer ${keys.inference}` }

/** Runs the session against a fresh simulator and returns it with the simulator. */
export async function recordSession(options: SimulatorOptions = {}, welcome = true) {
  const simulator = createSimulator({ seed: 'recorded', now: '2026-03-01T10:00:00Z', ...options })
  const iago = { authorization: basic(accounts.iago) }
  const hamlet = { authorization: basic(accounts.hamlet) }
  const cordelia = { authorization: basic(accounts.cordelia) }
  const send = (url: string, init: RequestInit = {}) => simulator.fetch(url, init)
  await send(`${MESSAGING}/server_settings`)
  const created = (await (
    await send(`${MESSAGING}/users`, {
      method: 'POST',
      headers: iago,
      body: form({ email: 'romeo@acme.example', password: 'correct-horse', full_name: 'Romeo' }),
    })
  ).json()) as { user_id?: number }
  simulator.clock.advance(61_000)
  await send(`${MESSAGING}/users`, {
    method: 'POST',
    headers: iago,
    body: form({ email: 'ROMEO@acme.example', password: 'correct-horse', full_name: 'Romeo' }),
  })
  await send(`${MESSAGING}/users`, {
    method: 'POST',
    headers: iago,
    body: form({ email: 'not-an-address', password: 'correct-horse', full_name: 'Nobody' }),
  })
  await send(`${MESSAGING}/users`, {
    method: 'POST',
    headers: hamlet,
    body: form({ email: 'x@acme.example', password: 'correct-horse', full_name: 'X' }),
  })
  if (created.user_id !== undefined) {
    await send(`${MESSAGING}/users/${created.user_id}`, { headers: iago })
  }
  await send(`${MESSAGING}/users/romeo@acme.example`, { headers: hamlet })
  await send(`${MESSAGING}/users/me`, { headers: iago })
  await send(`${MESSAGING}/users`, { headers: iago })
  let message: number | undefined
  if (welcome) {
    const sent = (await (
      await send(`${MESSAGING}/realm/test_welcome_bot_custom_message`, {
        method: 'POST',
        headers: iago,
        body: form({ welcome_message_custom_text: 'Hi **there**' }),
      })
    ).json()) as { message_id: number }
    await send(`${MESSAGING}/messages/${sent.message_id}`, { headers: iago })
    message = sent.message_id
  }
  const wrong = { ...accounts.iago, key: 'wrongwrongwrongwrongwrongwrong12' }
  await send(`${MESSAGING}/users/me`, { headers: { authorization: basic(wrong) } })
  await send(`${MESSAGING}/users/me`)
  // What the simulator added with the messaging fidelity work: user_ids, dummy addresses, the real
  // methods (PATCH answered 405 after its checks), deactivation, deletion, a deactivated account's key.
  const romeo = created.user_id ?? 0
  await send(`${MESSAGING}/users?user_ids=${encodeURIComponent(`[${romeo},4]`)}`, { headers: iago })
  await send(`${MESSAGING}/users/user${romeo}@acme.zulipchat.com`, { headers: hamlet })
  await send(`${MESSAGING}/users/${romeo}`, {
    method: 'PATCH',
    headers: iago,
    body: form({ full_name: 'Romeo M' }),
  })
  await send(`${MESSAGING}/users/${romeo}`, { method: 'DELETE', headers: iago })
  await send(`${MESSAGING}/users/${romeo}`, { headers: iago })
  if (message !== undefined) {
    await send(`${MESSAGING}/messages/${message}`, { method: 'DELETE', headers: iago })
  }
  await send(`${MESSAGING}/users/me`, { method: 'DELETE', headers: hamlet })
  await send(`${MESSAGING}/users/4`, { headers: iago })
  await send(`${MESSAGING}/users/me`, { headers: hamlet })
  await send(`${MESSAGING}/users/me`, { headers: cordelia })
  const preset = `${ROUTER}/presets/support-bot`
  const system = (content: string, extra = {}) =>
    JSON.stringify({ model: 'openai/gpt-5.4', ...extra, messages: [{ role: 'system', content }] })
  await send(`${preset}/chat/completions`, {
    method: 'POST',
    headers: { ...inference, ...json },
    body: system('Be brief.'),
  })
  simulator.clock.advance(1_000)
  await send(`${preset}/chat/completions`, {
    method: 'POST',
    headers: { ...inference, ...json },
    body: system('Be briefer.', { temperature: 0.5 }),
  })
  await send(preset, { headers: inference })
  await send(`${preset}/versions`, { headers: inference })
  await send(`${ROUTER}/presets`, { headers: inference })
  await send(`${ROUTER}/presets/nope`, { headers: inference })
  await send(preset, { headers: { authorization: `Bearer ${keys.teamB}` } })
  await send(`${ROUTER}/presets`)
  return simulator
}

/** The session as a HAR with credentials as sent (what a recording of the real service holds). */
export async function sessionHar(options: SimulatorOptions = {}, welcome = true): Promise<Har> {
  return (await recordSession(options, welcome)).journal.toHAR({}, { redact: false })
}

/** A deep copy of a HAR document, to edit. */
export const copy = <T>(document: T): T => structuredClone(document)

type Entry = Har['log']['entries'][number]

/** The entry whose request is `method` and whose URL ends with `tail`. */
export function entry(har: Har, method: string, tail: string, nth = 0): Entry {
  const found = har.log.entries.filter(
    (candidate) => candidate.request.method === method && candidate.request.url.endsWith(tail),
  )[nth]
  if (!found) throw new Error(`no ${method} …${tail} in the recording`)
  return found
}

/** The 1-based position of an entry (the report's exchange number). */
export const position = (har: Har, target: Entry) => har.log.entries.indexOf(target) + 1

/** Edits an entry's JSON answer in place. */
export function editBody(target: Entry, edit: (body: Record<string, unknown>) => void): void {
  const body = JSON.parse(target.response.content.text ?? '') as Record<string, unknown>
  edit(body)
  target.response.content.text = `${JSON.stringify(body)}\n`
}
