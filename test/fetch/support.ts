/**
 * Shared by the `simulator.fetch` suites: a simulator with a fixed seed and clock (no msw), and the default
 * scenario's router key and messaging account as request headers.
 */
import { createSimulator, type SimulatorOptions } from '../../src/index.js'
import { accounts, keys } from '../support/credentials.js'

export const NOW = '2026-01-01T00:00:00.000Z'
export const ROUTER = 'https://openrouter.ai/api/v1'
export const ACME = 'https://acme.zulipchat.com/api/v1'

/** `Authorization` of the router's inference key. */
export const routerAuth = { authorization: `Bearer ${keys.inference}` }
/** `Authorization` of Iago, an administrator of `acme` who may create users. */
export const iagoAuth = {
  authorization: `Basic ${btoa(`${accounts.iago.email}:${accounts.iago.key}`)}`,
}

/** A simulator for one test: fixed seed and clock. */
export const fetchSimulator = (options: SimulatorOptions = {}) =>
  createSimulator({ seed: 'fetch-tests', now: NOW, ...options })

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
