/**
 * Scripted answers to inference requests: a test's (`simulator.router.script(...)`) and a scenario's
 * (`router.scripts`). A request is answered by the first script whose every condition holds, the test's
 * first (in the order added), then the scenario's; a script with several answers gives them in turn, the
 * last one again once they are used up (docs/router-inference.md, Scripts).
 * @module
 */

import { InputRangeError, InputTypeError, parseInput } from '../../../engine/core/input-error.js'
import {
  compileLinearPattern,
  linearPatternsReady,
  loadLinearPatterns,
} from '../../../engine/core/linear-pattern.js'
import { availabilityStatus } from '../availability.js'
import {
  type RouterScript,
  type RouterScriptInput,
  type RouterScriptResponse,
  routerScriptInProcessSchema,
  type TextMatch,
} from '../scenario-schema.js'
import type { Endpoint } from './inferred.js'
import { boundedChunkSize, DEFAULT_DELIVERY, type Reply } from './reply.js'

/** What a script's conditions are tested against. */
export interface ScriptContext {
  endpoint: Endpoint
  /** The slug of the preset the request uses, or null. */
  preset: string | null
  /** The model that answers. */
  model: string
  lastUserMessage: string
  hasToolResult: boolean
}

/** A script added in process: its id, how often it answered, and how to take it away. */
export interface ScriptHandle {
  readonly id: number
  readonly name: string | null
  /** How many requests it has answered. */
  readonly calls: number
  /** Takes the script away (no effect once removed or after a reset). */
  remove(): void
}

/** A script as `simulator.router.scripts()` lists it. */
export interface ScriptSummary {
  id: number
  name: string | null
  /** `test`: added in process; `scenario`: the scenario's. */
  source: 'test' | 'scenario'
  calls: number
  /** Its conditions (a `RegExp` listed as `{ regexp: "/…/flags" }`). */
  match: Record<string, unknown>
  /** How many answers it has. */
  responses: number
}

/** A scenario script in a snapshot: its definition and how often it has answered. */
export interface ScriptState {
  script: RouterScript
  calls: number
}

type Matcher = (text: string) => boolean

/**
 * The most scripts a test may add (in process or over the control API, which a page beside the server could
 * call), the most JSON one may hold, and the most they hold together: as bounded as stubs are.
 */
const MAX_ADDED_SCRIPTS = 200
const MAX_SCRIPT_BYTES = 1024 * 1024
const MAX_ADDED_SCRIPTS_BYTES = 16 * 1024 * 1024

/** A script's size as JSON (a `RegExp` counts as its source). */
const sizeOf = (script: RouterScript): number =>
  JSON.stringify(script, (_, value) => (value instanceof RegExp ? String(value) : value)).length

const refuse = (problem: string) =>
  new InputRangeError(`[understudy] Failed to add a script: ${problem}.`)

interface Armed {
  id: number
  name: string | null
  source: 'test' | 'scenario'
  script: RouterScript
  replies: Reply[]
  calls: number
  /** Its size as JSON (what it counts against `MAX_ADDED_SCRIPTS_BYTES`). */
  bytes: number
  /** Compiled conditions on text; `undefined` until compiled (re2js may load later in a browser). */
  model: Matcher | undefined
  userMessage: Matcher | undefined
}

/** An answer as a script gives it, as the simulator's `Reply`. */
function toReply(response: RouterScriptResponse): Reply {
  if (typeof response === 'string') {
    const answer: Reply['answer'] = { kind: 'text', text: response }
    const chunkSize = boundedChunkSize(answer, DEFAULT_DELIVERY.chunkSize)
    return { answer, delivery: { ...DEFAULT_DELIVERY, chunkSize }, overrides: {} }
  }
  const r = response
  const text = r.content ?? ''
  const answer: Reply['answer'] = r.error
    ? {
        kind: 'error',
        status:
          r.status ??
          (r.error.availability === undefined ? 500 : availabilityStatus(r.error.availability)),
        message: r.error.message,
        availability: r.error.availability,
        afterChunks: r.afterChunks ?? null,
        text,
      }
    : r.toolCalls
      ? {
          kind: 'tool_calls',
          text,
          calls: r.toolCalls.map((call) => ({
            name: call.name,
            arguments:
              typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
            id: call.id,
          })),
        }
      : r.refusal !== undefined
        ? { kind: 'refusal', text: r.refusal }
        : { kind: 'text', text }
  return {
    answer,
    delivery: {
      chunkSize: boundedChunkSize(answer, r.chunkSize ?? DEFAULT_DELIVERY.chunkSize),
      initialDelayMs: r.initialDelayMs ?? 0,
      chunkDelayMs: r.chunkDelayMs ?? 0,
    },
    overrides: {
      finishReason: r.finishReason,
      model: r.model,
      provider: r.provider,
      systemFingerprint: r.systemFingerprint,
      usage: r.usage,
    },
  }
}

/** A condition on text: exact (`model`) or a substring (`userMessage`) for a string, else the pattern. */
function compileText(match: TextMatch | undefined, exact: boolean): Matcher | undefined {
  if (match === undefined) return () => true
  if (typeof match === 'string')
    return exact ? (text) => text === match : (text) => text.includes(match)
  if (match instanceof RegExp) {
    return (text) => {
      match.lastIndex = 0
      return match.test(text)
    }
  }
  if (!linearPatternsReady()) return undefined
  const compiled = compileLinearPattern(match.pattern)
  if ('problem' in compiled)
    throw new InputTypeError(`[understudy] Failed to arm a script: pattern ${compiled.problem}.`)
  return (text) => compiled.test(text)
}

/** Compiles a script's text conditions where it can; `false` when re2js must load first. */
function compile(armed: Armed): boolean {
  armed.model ??= compileText(armed.script.match.model, true)
  armed.userMessage ??= compileText(armed.script.match.userMessage, false)
  return armed.model !== undefined && armed.userMessage !== undefined
}

function holds(armed: Armed, context: ScriptContext): boolean {
  const { match } = armed.script
  if (match.endpoint !== undefined && match.endpoint !== context.endpoint) return false
  if (match.preset !== undefined && match.preset !== context.preset) return false
  if (match.hasToolResult !== undefined && match.hasToolResult !== context.hasToolResult)
    return false
  return (
    (armed.model as Matcher)(context.model) &&
    (armed.userMessage as Matcher)(context.lastUserMessage)
  )
}

/** A match as JSON for a listing. */
function describeMatch(match: RouterScript['match']): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(match)) {
    out[key] = value instanceof RegExp ? { regexp: String(value) } : value
  }
  return out
}

/** The scripts of one router. */
export function createScriptBook() {
  let tests: Armed[] = []
  let scenario: Armed[] = []
  let nextId = 1
  let generation = 0
  /**
   * Counts every change to the scripts and their calls, a test's too: a reset that skipped a service nothing
   * changed would otherwise keep a test's scripts.
   */
  let changes = 0

  const arm = (script: RouterScript, source: Armed['source'], calls = 0): Armed => {
    const responses = Array.isArray(script.response) ? script.response : [script.response]
    const armed: Armed = {
      id: nextId++,
      name: script.name ?? null,
      source,
      script,
      replies: responses.map(toReply),
      calls,
      bytes: source === 'test' ? sizeOf(script) : 0,
      model: undefined,
      userMessage: undefined,
    }
    compile(armed)
    return armed
  }

  const remove = (id: number): boolean => {
    const kept = tests.filter((armed) => armed.id !== id)
    if (kept.length === tests.length) return false
    tests = kept
    changes += 1
    return true
  }

  const armScenario = (states: readonly ScriptState[]) => {
    tests = []
    nextId = 1
    generation += 1
    changes += 1
    scenario = states.map((state) => arm(state.script, 'scenario', state.calls))
  }

  return {
    /** Back to a scenario's scripts, none used; the test's are gone. */
    load(scripts: readonly RouterScript[]): void {
      armScenario(scripts.map((script) => ({ script, calls: 0 })))
    },

    /** Adds a test's script (validated; a bad one throws a clear error naming the field). */
    add(input: RouterScriptInput): ScriptHandle {
      const script = parseInput(routerScriptInProcessSchema, input, 'add a script')
      if (tests.length >= MAX_ADDED_SCRIPTS)
        throw refuse(
          `${MAX_ADDED_SCRIPTS} scripts are there, the most a test may add; remove one first`,
        )
      const bytes = sizeOf(script)
      if (bytes > MAX_SCRIPT_BYTES)
        throw refuse(`it holds ${bytes} bytes of JSON, more than ${MAX_SCRIPT_BYTES}`)
      const held = tests.reduce((total, armed) => total + armed.bytes, 0)
      if (held + bytes > MAX_ADDED_SCRIPTS_BYTES) {
        throw refuse(
          `the scripts added would hold more than ${MAX_ADDED_SCRIPTS_BYTES} bytes of JSON together; remove one first`,
        )
      }
      const armed = arm(script, 'test')
      tests.push(armed)
      changes += 1
      const armedIn = generation
      return {
        id: armed.id,
        name: armed.name,
        get calls() {
          return armed.calls
        },
        remove() {
          if (armedIn === generation) remove(armed.id)
        },
      }
    },

    /** Takes away the script a test added with this id; `false` when there is none (a scenario's stays). */
    remove,

    /** Takes away every script a test added (the scenario's stay). */
    clear(): void {
      tests = []
      changes += 1
    },

    list(): ScriptSummary[] {
      return [...tests, ...scenario].map((armed) => ({
        id: armed.id,
        name: armed.name,
        source: armed.source,
        calls: armed.calls,
        match: describeMatch(armed.script.match),
        responses: armed.replies.length,
      }))
    },

    /** Whether a script's pattern waits for re2js to load (`ready()` loads it). */
    pending(): boolean {
      for (const armed of tests) if (!compile(armed)) return true
      for (const armed of scenario) if (!compile(armed)) return true
      return false
    },
    ready: () => loadLinearPatterns(),

    /** The first script that holds for the request, and its next answer; counts the call. */
    choose(
      context: ScriptContext,
    ): { id: number; name: string | null; answer: number; reply: Reply } | undefined {
      for (const list of [tests, scenario]) {
        for (const armed of list) {
          if (!holds(armed, context)) continue
          const answer = Math.min(armed.calls, armed.replies.length - 1)
          armed.calls += 1
          changes += 1
          return { id: armed.id, name: armed.name, answer, reply: armed.replies[answer] as Reply }
        }
      }
      return undefined
    },

    /** A number that changes whenever the scripts or their calls may have changed. */
    changes: () => changes,

    /** The scenario's scripts and their calls (a test's are not kept: they may hold `RegExp`s). */
    exportState(): ScriptState[] {
      return scenario.map((armed) => ({ script: armed.script, calls: armed.calls }))
    },
    importState(states: readonly ScriptState[]): void {
      armScenario(states)
    },
  }
}

export type ScriptBook = ReturnType<typeof createScriptBook>
