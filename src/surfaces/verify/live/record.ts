/**
 * The live mode's recorder: sends each request of the script with `fetch` (redirects not followed, so a
 * redirect is recorded as the service answered it) and keeps the exchange as sent and as answered; and
 * the exchanges as a HAR 1.2 document (its own small builder: this HAR is what `verify` reads back, not
 * the journal's export).
 * @module
 */
import type { LiveAnswer, LiveRequest } from '../../../engine/core/verify-part.js'

/** One exchange with a live service, as sent and answered. */
export interface LiveExchange {
  startedDateTime: string
  time: number
  method: string
  url: string
  requestHeaders: Array<[string, string]>
  requestBody: string | undefined
  status: number
  statusText: string
  responseHeaders: Array<[string, string]>
  responseBody: string
}

/** How long one exchange may take, from sending to the answer's last byte, by default: 30 s. */
export const LIVE_TIMEOUT_MS = 30_000
/** The largest answer body read, by default: 16 MiB (the script's answers are a few kilobytes). */
export const LIVE_MAX_BODY_BYTES = 16 * 2 ** 20

/** An exchange that passed a bound (no answer in time, an answer too large): its message says which. */
export class LiveLimitError extends Error {
  override readonly name = 'LiveLimitError'
}

/** The bounds of each exchange. */
export interface RecorderLimits {
  timeoutMs: number
  maxBodyBytes: number
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`

/**
 * Reads a body up to `maxBytes`: past them it stops reading (the stream is cancelled) and throws. The
 * caller's signal (the exchange's timeout) aborts a body that never ends.
 */
async function boundedText(response: Response, maxBytes: number, url: string): Promise<string> {
  if (response.body === null) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {})
      throw new LiveLimitError(
        `the answer of ${url} is larger than ${maxBytes.toLocaleString('en-US')} bytes; it was not read further`,
      )
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Sends requests and keeps every exchange. */
export class Recorder {
  readonly exchanges: LiveExchange[] = []
  readonly #fetch: typeof fetch
  readonly #limits: RecorderLimits

  constructor(
    fetchImpl: typeof fetch = fetch,
    limits: RecorderLimits = { timeoutMs: LIVE_TIMEOUT_MS, maxBodyBytes: LIVE_MAX_BODY_BYTES },
  ) {
    this.#fetch = fetchImpl
    this.#limits = limits
  }

  /**
   * Sends a request; a network failure rejects with the cause's message, an exchange that passes a
   * bound (`timeoutMs` from sending to the last byte, `maxBodyBytes` of answer) with a `LiveLimitError`.
   */
  async send(request: LiveRequest): Promise<LiveAnswer> {
    const started = new Date()
    const began = performance.now()
    const headers = Object.entries(request.headers ?? {})
    const { timeoutMs, maxBodyBytes } = this.#limits
    const signal = AbortSignal.timeout(timeoutMs)
    let response: Response
    let body: string
    try {
      response = await this.#fetch(request.url, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        redirect: 'manual',
        signal,
      })
      body = await boundedText(response, maxBodyBytes, request.url)
    } catch (error) {
      if (signal.aborted)
        throw new LiveLimitError(
          `no whole answer from ${request.url} within ${seconds(timeoutMs)} (--timeout); gave up on it`,
        )
      throw error
    }
    this.exchanges.push({
      startedDateTime: started.toISOString(),
      time: performance.now() - began,
      method: request.method,
      url: request.url,
      requestHeaders: headers,
      requestBody: request.body,
      status: response.status,
      statusText: response.statusText,
      responseHeaders: [...response.headers],
      responseBody: body,
    })
    let json: Record<string, unknown> | undefined
    try {
      const parsed: unknown = JSON.parse(body)
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        json = parsed as Record<string, unknown>
      }
    } catch {
      json = undefined
    }
    return { status: response.status, json }
  }
}

const pairs = (list: Array<[string, string]>) => list.map(([name, value]) => ({ name, value }))
const size = (text: string) => Buffer.byteLength(text, 'utf8')

/** Exchanges as a HAR 1.2 document. */
export function liveHar(exchanges: readonly LiveExchange[], creator: string): object {
  return {
    log: {
      version: '1.2',
      creator: { name: 'understudy-mock verify --live', version: creator },
      pages: [],
      entries: exchanges.map((exchange) => {
        const url = new URL(exchange.url)
        const type = (list: Array<[string, string]>) =>
          list.find(([name]) => name.toLowerCase() === 'content-type')?.[1]
        const requestType = type(exchange.requestHeaders)
        return {
          startedDateTime: exchange.startedDateTime,
          time: exchange.time,
          request: {
            method: exchange.method,
            url: exchange.url,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: pairs(exchange.requestHeaders),
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            ...(exchange.requestBody === undefined
              ? {}
              : {
                  postData: {
                    mimeType: requestType ?? 'application/octet-stream',
                    text: exchange.requestBody,
                  },
                }),
            headersSize: -1,
            bodySize: exchange.requestBody === undefined ? 0 : size(exchange.requestBody),
          },
          response: {
            status: exchange.status,
            statusText: exchange.statusText,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: pairs(exchange.responseHeaders),
            content: {
              size: size(exchange.responseBody),
              mimeType: type(exchange.responseHeaders) ?? 'x-unknown',
              text: exchange.responseBody,
            },
            redirectURL:
              exchange.responseHeaders.find(([name]) => name.toLowerCase() === 'location')?.[1] ??
              '',
            headersSize: -1,
            bodySize: size(exchange.responseBody),
          },
          cache: {},
          timings: { send: 0, wait: exchange.time, receive: 0 },
        }
      }),
    },
  }
}
