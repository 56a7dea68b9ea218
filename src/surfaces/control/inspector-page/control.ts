/**
 * The page's calls to the control surface: every call sends `content-type: application/json`, and
 * `Authorization: Bearer` when the page was opened with `?token=`; an answer that is not 2xx throws its
 * error's message.
 * @module
 */
import { element } from './dom.js'

const token = new URLSearchParams(location.search).get('token')
/** The control prefix the page was served under (`/__understudy`). */
const base = location.pathname.replace(/\/inspector\/?$/, '')
const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}

/** Calls the control surface below its prefix (`GET /state`). */
export async function call<Answer = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(base + path, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data: { error?: { message?: string } } = await response.json().catch(() => ({}))
  if (!response.ok) throw new Error(data.error?.message ?? `HTTP ${response.status}`)
  return data as Answer
}

/** Says what an action did (and clears the last error). */
export function notify(text: string): void {
  element('error').textContent = ''
  element('notice').textContent = text
}

/** Shows an error (and clears the last notice). */
export function fail(error: unknown): void {
  element('notice').textContent = ''
  element('error').textContent = error instanceof Error ? error.message : String(error)
}
