/**
 * Shared by the `simulator.fetch` suites: a simulator with a fixed seed and clock (no msw), and the default
 * scenario's router key and messaging account as request headers.
 */
import { createSimulator, type SimulatorOptions } from '../../src/entries/index.js'
import { accounts, basic, keys } from '../support/credentials.js'
import { NOW } from '../support/time.js'

export { NOW }
export const ROUTER = 'https://openrouter.ai/api/v1'
export const ACME = 'https://acme.zulipchat.com/api/v1'

/** `Authorization` of the router's inference key. */
export const routerAuth = { authorization: `Bearer ${keys.inference}` }
/** `Authorization` of Iago, an administrator of `acme` who may create users. */
export const iagoAuth = {
  authorization: basic(accounts.iago),
}

/** Romeo's account, as a create-user form. */
const ROMEO = { email: 'romeo@acme.example', password: 'correct-horse', full_name: 'Romeo' }

/** Iago creates an account in `acme` through `simulator.fetch` (create-user). */
export const createUser = (
  simulator: { fetch: typeof fetch },
  fields: Record<string, string> = ROMEO,
) =>
  simulator.fetch(`${ACME}/users`, {
    method: 'POST',
    headers: iagoAuth,
    body: new URLSearchParams(fields),
  })

/** The fetch suites' seed and clock. */
export const fetchOptions: SimulatorOptions = { seed: 'fetch-tests', now: NOW }

/** A simulator for one test: fixed seed and clock. */
export const fetchSimulator = (options: SimulatorOptions = {}) =>
  createSimulator({ ...fetchOptions, ...options })

/** Status, headers (as pairs) and body text of a response. */
export async function wire(response: Response) {
  return { status: response.status, headers: [...response.headers], body: await response.text() }
}

/** The headers every messaging answer carries. */
export const messagingHeaders = [
  ['cache-control', 'max-age=0, no-cache, no-store, must-revalidate, private'],
  ['content-type', 'application/json'],
  ['expires', 'Thu, 01 Jan 2026 00:00:00 GMT'],
]
