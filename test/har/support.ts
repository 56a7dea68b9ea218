/**
 * Shared parts of the HAR tests: a validator against the HAR 1.2 JSON schema (`har-validator`, whose
 * failures list every problem), and requests that put a few exchanges of both services in a journal.
 */
import { har as validateHar } from 'har-validator'
import type { FetchFunction } from '../../src/entries/index.js'
import { accounts, basic, keys } from '../support/credentials.js'

export { accounts, basic, keys }

/** Resolves when `document` is valid HAR 1.2; rejects naming every problem the schema finds. */
export async function expectValidHar(document: unknown): Promise<void> {
  try {
    await validateHar(document)
  } catch (error) {
    const problems = (error as { errors?: unknown }).errors
    throw new Error(`not valid HAR 1.2: ${JSON.stringify(problems ?? String(error), null, 2)}`)
  }
}

/** A create-preset body as a client sends it (no secret in it). */
export const PRESET_BODY = JSON.stringify({
  model: 'openai/gpt-5.4',
  messages: [{ role: 'system', content: 'Be brief.' }],
})

/** The form a create-user request sends (the password is a secret). */
export const NEW_USER = {
  email: 'romeo@acme.example',
  password: 'correct-horse-battery-staple',
  full_name: 'Romeo',
}

/** One exchange made by `recordExchanges`: what was sent and what came back. */
export interface Exchange {
  method: string
  url: string
  init: RequestInit
  status: number
  text: string
}

/**
 * Makes a few requests of both services through `fetch` (to `router`, the router's base URL, and `acme`,
 * the organization's): a preset created and read, a 404, the users listed, a user created. Returns what
 * was sent and received, in order.
 */
export async function recordExchanges(
  fetch: FetchFunction,
  router: string,
  acme: string,
): Promise<Exchange[]> {
  const bearer = { authorization: `Bearer ${keys.inference}` }
  const iago = { authorization: basic(accounts.iago) }
  const requests: Array<[string, string, RequestInit]> = [
    [
      'POST',
      `${router}/presets/replayed/chat/completions`,
      { headers: { ...bearer, 'content-type': 'application/json' }, body: PRESET_BODY },
    ],
    ['GET', `${router}/presets/replayed`, { headers: bearer }],
    ['GET', `${router}/presets/missing`, { headers: bearer }],
    ['GET', `${acme}/api/v1/users?client_gravatar=false`, { headers: iago }],
    [
      'POST',
      `${acme}/api/v1/users`,
      {
        headers: { ...iago, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(NEW_USER).toString(),
      },
    ],
  ]
  const exchanges: Exchange[] = []
  for (const [method, url, init] of requests) {
    const response = await fetch(url, { method, ...init })
    exchanges.push({ method, url, init, status: response.status, text: await response.text() })
  }
  return exchanges
}
