/**
 * The parameters of a recorded request, as `verify` reads them to learn what the recording did (which
 * e-mail a `POST /users` created, which slug a preset write named): the query string, then a form body
 * (URL-encoded or multipart). The last of repeated names wins, as Zulip reads them.
 * @module
 */
import type { RecordedExchange } from './har-input.js'

function multipart(body: string, mimeType: string): Array<[string, string]> {
  const boundary = /boundary="?([^";]+)"?/i.exec(mimeType)?.[1]
  if (!boundary) return []
  const out: Array<[string, string]> = []
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n')
    if (split < 0) continue
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1]
    if (name === undefined) continue
    out.push([name, part.slice(split + 4).replace(/\r\n$/, '')])
  }
  return out
}

/** The request's parameters by name (query, then body). */
export function requestParams(exchange: RecordedExchange): Map<string, string> {
  const params = new Map<string, string>()
  try {
    for (const [name, value] of new URL(exchange.url).searchParams) params.set(name, value)
  } catch {
    // Not a URL: no query.
  }
  const body = exchange.requestBody
  if (body === undefined || body === '') return params
  const type = exchange.requestMimeType?.toLowerCase() ?? ''
  if (type.startsWith('multipart/form-data')) {
    for (const [name, value] of multipart(body, exchange.requestMimeType ?? '')) {
      params.set(name, value)
    }
  } else if (!type.includes('json')) {
    for (const [name, value] of new URLSearchParams(body)) params.set(name, value)
  }
  return params
}
