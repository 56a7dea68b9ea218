/**
 * Text patterns compiled by re2js, a linear-time engine (RE2 syntax: no backreferences, no lookaround), so
 * no pattern from a control call, a scenario file or a test can backtrack catastrophically: the one
 * mechanism behind faults' and stubs' `pathPattern` (`faults/path-pattern.ts`) and scripts' text patterns
 * (decisions/fault-path-patterns.md has the choice; decisions/inference-scripts.md how scripts use it).
 * Both the source and the compiled program are bounded.
 *
 * re2js is loaded only when a pattern is first compiled (about 25 ms of module loading the CLI's start
 * would otherwise pay): in Node synchronously, through `process.getBuiltinModule` and `require`, so that
 * a pattern is compiled (and a bad one refused) where it is given; elsewhere (a browser) by a dynamic
 * import, which `loadLinearPatterns()` starts and a caller awaits before compiling.
 * @module
 */
import type { RE2JS } from 're2js'

let engine: typeof RE2JS | undefined
let loading: Promise<void> | undefined

/** The longest pattern accepted, in characters. */
export const MAX_PATTERN_LENGTH = 1_000

/**
 * The largest compiled program accepted, in re2js instructions. The length of the source does not bound
 * the cost of a test: `(?:a?){1000}a{1000}[0-9]` is 24 characters and 3,003 instructions, and took 0.4-0.6 s
 * on every 256- to 8,000-character path (re2js falls back to its slow engine past about 1,500). Up to about
 * 1,500 instructions it took under 2 ms here; 500 leaves room for any real pattern
 * (`^/presets/[^/]+/chat/completions$` is 32).
 */
const MAX_PATTERN_PROGRAM = 500

type NodeProcess = {
  getBuiltinModule?: (name: string) => { createRequire(url: string): (id: string) => unknown }
}

/** re2js, loaded now if the platform can load it synchronously (Node); `undefined` otherwise. */
function engineNow(): typeof RE2JS | undefined {
  if (engine) return engine
  const process = (globalThis as { process?: NodeProcess }).process
  const getBuiltinModule = process?.getBuiltinModule
  if (typeof getBuiltinModule === 'function') {
    const { createRequire } = getBuiltinModule('node:module')
    engine = (createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JS }).RE2JS
  }
  return engine
}

/** Whether patterns can be compiled now (re2js is loaded, or loads synchronously here). */
export function linearPatternsReady(): boolean {
  return engineNow() !== undefined
}

/** Loads re2js (once); patterns compile once it settles. */
export function loadLinearPatterns(): Promise<void> {
  if (engineNow()) return Promise.resolve()
  loading ??= import('re2js').then((module) => {
    engine = module.RE2JS
  })
  return loading
}

/** A compiled pattern: tests a text in time linear in its length. Serialises as `{ pattern }`. */
export class LinearPattern {
  readonly #compiled: RE2JS
  constructor(
    /** The pattern as given. */
    readonly source: string,
    compiled: RE2JS,
  ) {
    this.#compiled = compiled
  }
  /** Whether the pattern matches anywhere in the text (like `RegExp.test`). */
  test(text: string): boolean {
    return this.#compiled.test(text)
  }
  /** The compiled program's size, in instructions. */
  get programSize(): number {
    return this.#compiled.programSize()
  }
  toJSON(): { pattern: string } {
    return { pattern: this.source }
  }
}

/**
 * Compiles a pattern, or tells why it cannot be (RE2 refuses backreferences and lookaround; a pattern over
 * `MAX_PATTERN_LENGTH` characters or `MAX_PATTERN_PROGRAM` instructions is refused). Needs re2js loaded
 * (`linearPatternsReady()`); throws otherwise.
 */
export function compileLinearPattern(source: string): LinearPattern | { problem: string } {
  if (source.length > MAX_PATTERN_LENGTH) {
    return { problem: `must be at most ${MAX_PATTERN_LENGTH} characters` }
  }
  const re2 = engineNow()
  if (!re2) throw new Error('re2js is not loaded: await loadLinearPatterns() first')
  let compiled: LinearPattern
  try {
    compiled = new LinearPattern(source, re2.compile(source))
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : ''
    return {
      problem: `must be a regular expression in RE2 syntax, without backreferences or lookaround (${reason})`,
    }
  }
  if (compiled.programSize > MAX_PATTERN_PROGRAM) {
    return {
      problem: `compiles to ${compiled.programSize} instructions, more than the ${MAX_PATTERN_PROGRAM} a pattern may take (a large repetition such as {1000} costs one per repeat)`,
    }
  }
  return compiled
}
