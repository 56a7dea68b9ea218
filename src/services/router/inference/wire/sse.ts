/**
 * Server-sent events as the router sends them: `data: <json>` events (with `event: <name>` in the messages
 * dialect) separated by blank lines, LF only; each event a part of the response, after its delay, produced
 * when it is taken.
 * @module
 */
import {
  type BodyPart,
  type PlainResponse,
  STREAM_CONTENT_TYPE,
  streamedResponse,
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

/**
 * Writes one production of a stream's events: each `data` call is the next part (to yield), after the
 * delay pending since the part before it.
 */
export class EventStream {
  #delay: number

  constructor(initialDelayMs: number) {
    this.#delay = initialDelayMs
  }

  /** The part `data: <json>` (after `event: <name>` when named), after the pending delay. */
  data(value: unknown, name?: string): BodyPart {
    const data = typeof value === 'string' ? value : JSON.stringify(value)
    const text = name === undefined ? `data: ${data}\n\n` : `event: ${name}\ndata: ${data}\n\n`
    const part = { text, delayMs: this.#delay }
    this.#delay = 0
    return part
  }

  /** Makes the next event wait `ms`. */
  wait(ms: number): void {
    this.#delay += ms
  }
}

/**
 * The response of a stream: status 200, the stream's headers (in name order, as msw's `Headers` sends them:
 * both server engines then send the same head), and its parts: the opening, then the events `produce`
 * yields, produced anew, one at a time, each time the parts are taken (`BodyParts`). `produce` must give
 * the same events every time: whatever it draws from the seed is drawn before, once.
 */
export function eventStreamResponse(
  headers: { 'x-generation-id': string },
  opening: string,
  initialDelayMs: number,
  produce: (stream: EventStream) => Iterable<BodyPart>,
): PlainResponse {
  return streamedResponse(
    200,
    {
      'cache-control': 'no-cache',
      'content-type': STREAM_CONTENT_TYPE,
      'x-generation-id': headers['x-generation-id'],
    },
    {
      *[Symbol.iterator]() {
        if (opening !== '') yield { text: opening, delayMs: 0 }
        yield* produce(new EventStream(initialDelayMs))
      },
    },
  )
}
