/**
 * An answer as the simulator gives it, whatever the dialect: text, tool calls, a refusal or an error; how
 * it is streamed; what a script overrides in its envelope; and its usage.
 * @module
 */
import type { AvailabilityCode } from '../availability.js'
import { DEFAULT_CHUNK_SIZE, type Endpoint, tokensOf } from './inferred.js'

/** A tool call of an answer: the function's name and its arguments as JSON text. */
interface ToolCall {
  name: string
  arguments: string
  /** The call's id; drawn from the seed when not given. */
  id: string | undefined
}

/** What the model answers. */
export type Answer =
  | { kind: 'text'; text: string }
  | { kind: 'tool_calls'; text: string; calls: ToolCall[] }
  | { kind: 'refusal'; text: string }
  | {
      kind: 'error'
      status: number
      message: string | undefined
      /** A model-availability error's code (`error.availability`). */
      availability: AvailabilityCode | undefined
      /** In a stream: how many chunks of `text` go out before the error; `null`: before the stream. */
      afterChunks: number | null
      text: string
    }

/** How a streamed answer is sent. */
export interface Delivery {
  /** Characters of text (or tool arguments) per chunk. */
  chunkSize: number
  /** Milliseconds before the first event after the opening comment, and between chunks. */
  initialDelayMs: number
  chunkDelayMs: number
}

/** What a script sets in the envelope instead of the simulator's values. */
interface Overrides {
  finishReason?: string | undefined
  model?: string | undefined
  provider?: string | undefined
  systemFingerprint?: string | undefined
  usage?: { promptTokens?: number; completionTokens?: number; cost?: number } | undefined
}

/** An answer with its delivery and overrides. */
export interface Reply {
  answer: Answer
  delivery: Delivery
  overrides: Overrides
}

export const DEFAULT_DELIVERY: Delivery = {
  chunkSize: DEFAULT_CHUNK_SIZE,
  initialDelayMs: 0,
  chunkDelayMs: 0,
}

/** Token counts and costs of an answer (costs in credits). */
export interface Usage {
  promptTokens: number
  completionTokens: number
  totalTokens: number
  cost: number
  promptCost: number
  completionCost: number
}

/**
 * The most chunks a streamed answer is cut into: a script's `chunkSize` that would cut its text and tool
 * arguments into more is raised until they fit (a script given over the control API is untrusted input: a
 * 1 MiB answer in chunks of one character would be a million events).
 */
const MAX_STREAM_CHUNKS = 10_000

/** The chunk size a streamed answer is sent in: the one asked for, raised to cut it into at most `MAX_STREAM_CHUNKS`. */
export function boundedChunkSize(answer: Answer, asked: number): number {
  // An error's text is streamed before it, though it counts for no usage.
  const streamed = answer.kind === 'error' ? answer.text.length : completionCharacters(answer)
  return Math.max(asked, Math.ceil(streamed / MAX_STREAM_CHUNKS))
}

/** The characters an answer produces (its text, refusal, tool names and arguments). */
function completionCharacters(answer: Answer): number {
  if (answer.kind === 'tool_calls') {
    let total = answer.text.length
    for (const call of answer.calls) total += call.name.length + call.arguments.length
    return total
  }
  return answer.kind === 'error' ? 0 : answer.text.length
}

/** What the prompt and the completion cost, from their token counts (the model's price: the catalog's). */
export type Pricing = (
  promptTokens: number,
  completionTokens: number,
) => { cost: number; promptCost: number; completionCost: number }

/**
 * Usage from the prompt's size and the answer (docs/router-inference.md §9), priced by `price`, with a
 * script's overrides.
 */
export function usageOf(promptCharacters: number, reply: Reply, price: Pricing): Usage {
  const given = reply.overrides.usage ?? {}
  const promptTokens = given.promptTokens ?? tokensOf(promptCharacters)
  const completionTokens = given.completionTokens ?? tokensOf(completionCharacters(reply.answer))
  const { cost, promptCost, completionCost } = price(promptTokens, completionTokens)
  return {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
    cost: given.cost ?? cost,
    promptCost,
    completionCost,
  }
}

/**
 * The pieces of `size` characters a text is streamed in (code points: a surrogate pair is never split; a
 * lone surrogate is a character of its own), each cut when it is taken: a stream's pieces are never listed
 * whole while it waits for its reader.
 */
export function* chunksOf(text: string, size: number): Generator<string, void, undefined> {
  let start = 0
  let characters = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1)
      if (low >= 0xdc00 && low <= 0xdfff) i += 1
    }
    characters += 1
    if (characters === size) {
      yield text.slice(start, i + 1)
      start = i + 1
      characters = 0
    }
  }
  if (start < text.length) yield text.slice(start)
}

/** Everything a dialect's envelope is built from. */
export interface Turn {
  endpoint: Endpoint
  /** The generation id (`gen-…`). */
  id: string
  /** Unix seconds. */
  created: number
  model: string
  provider: string
  reply: Reply
  usage: Usage
  effective: Readonly<Record<string, unknown>>
  /** Draws `length` characters from the seed (ids of tool calls and items). */
  draw(length: number): string
}
