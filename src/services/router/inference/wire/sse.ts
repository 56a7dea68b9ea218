/**
 * Server-sent events as the router sends them: `data: <json>` events (with `event: <name>` in the messages
 * dialect) separated by blank lines, LF only; each event a part of the response, after its delay.
 * @module
 */
import {
  type BodyPart,
  type PlainResponse,
  STREAM_CONTENT_TYPE,
} from '../../../../engine/core/http.js'
import { PROCESSING_COMMENT } from '../inferred.js'

/**
 * What opens a stream before its first event, by dialect, as recorded: chat `: OPENROUTER PROCESSING`,
 * responses an empty comment (`: `), messages nothing (test/recordings/openrouter/).
 */
export const OPENING = {
  chat: PROCESSING_COMMENT,
  responses: ': \n\n',
  messages: '',
} as const

/** Collects a stream's events as the parts of a response. */
export class EventStream {
  readonly parts: BodyPart[]
  #delay: number

  constructor(initialDelayMs: number, opening: string) {
    this.parts = opening === '' ? [] : [{ text: opening, delayMs: 0 }]
    this.#delay = initialDelayMs
  }

  /** Adds `data: <json>` (after `event: <name>` when named), after the pending delay. */
  data(value: unknown, name?: string): void {
    const data = typeof value === 'string' ? value : JSON.stringify(value)
    this.#push(name === undefined ? `data: ${data}\n\n` : `event: ${name}\ndata: ${data}\n\n`)
  }

  /** Makes the next event wait `ms`. */
  wait(ms: number): void {
    this.#delay += ms
  }

  #push(text: string): void {
    this.parts.push({ text, delayMs: this.#delay })
    this.#delay = 0
  }

  /**
   * The response: status 200, the stream's headers (in name order, as msw's `Headers` sends them: both
   * server engines then send the same head), its parts and their whole text.
   */
  response(headers: { 'x-generation-id': string }): PlainResponse {
    return {
      status: 200,
      headers: {
        'cache-control': 'no-cache',
        'content-type': STREAM_CONTENT_TYPE,
        'x-generation-id': headers['x-generation-id'],
      },
      body: this.parts.map((part) => part.text).join(''),
      parts: this.parts,
    }
  }
}
