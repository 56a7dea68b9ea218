/**
 * Path patterns given as text (`pathPattern` of a fault or a stub over HTTP, of a stub in a scenario):
 * compiled with re2js, a linear-time engine, so no pattern can backtrack catastrophically and stall the
 * server (`^/(a+)+$` takes microseconds, not seconds). RE2 syntax (as Go's `regexp`): no backreferences,
 * no lookaround. re2js is loaded only when a pattern is first given (`loadPathPatternEngine`, by the
 * control surface, or before a scenario or snapshot holding one is read): it is 20 ms of the CLI's start
 * otherwise. See decisions/fault-path-patterns.md.
 * @module
 */
import type { RE2JS } from 're2js'
import { z } from 'zod'

let engine: typeof RE2JS | undefined

/** Loads re2js once; `compilePathPattern` needs it loaded. */
export async function loadPathPatternEngine(): Promise<void> {
  engine ??= (await import('re2js')).RE2JS
}

/** The longest `pathPattern` accepted, in characters. */
const MAX_PATH_PATTERN_LENGTH = 1_000

/**
 * The largest compiled program accepted, in re2js instructions. The length of the source does not bound
 * the cost of a test: `(?:a?){1000}a{1000}[0-9]` is 24 characters and 3,003 instructions, and took 0.4-0.6 s
 * on every 256- to 8,000-character path. Up to about 1,500 instructions it took under 2 ms here; 500 leaves
 * room for any real path pattern (`^/presets/[^/]+/chat/completions$` is 32).
 */
const MAX_PATH_PATTERN_PROGRAM = 500

/**
 * The longest path a pattern is tested against, in characters: a longer path never matches a pattern (an
 * exact `path` still compares). Real paths of both services are far shorter.
 */
const MAX_PATTERN_TESTED_PATH = 2_048

/** A compiled `pathPattern`: tests a path in time linear in its length. Serialises as `{ pattern }`. */
export class LinearPathPattern {
  readonly #compiled: RE2JS
  constructor(
    /** The pattern as given. */
    readonly source: string,
  ) {
    if (!engine) throw new Error('re2js is not loaded: await loadPathPatternEngine() first')
    this.#compiled = engine.compile(source)
  }
  /**
   * Whether the pattern matches anywhere in the path (like `RegExp.test`); a path longer than
   * `MAX_PATTERN_TESTED_PATH` never does.
   */
  test(path: string): boolean {
    return path.length <= MAX_PATTERN_TESTED_PATH && this.#compiled.test(path)
  }
  /** The compiled program's size, in instructions. */
  get programSize(): number {
    return this.#compiled.programSize()
  }
  toJSON(): { pattern: string } {
    return { pattern: this.source }
  }
}

/** Compiles a pattern, or tells why it cannot be (RE2 refuses backreferences and lookaround). */
export function compilePathPattern(source: string): LinearPathPattern | { problem: string } {
  if (!engine) {
    return {
      problem:
        'needs the pattern engine, which is loaded only on the way to an asynchronous call: give this scenario to `await simulator.useScenario()`, `startServer()` or the CLI, or a RegExp `path` to `simulator.stubs.add()`',
    }
  }
  if (source.length > MAX_PATH_PATTERN_LENGTH) {
    return { problem: `must be at most ${MAX_PATH_PATTERN_LENGTH} characters` }
  }
  let compiled: LinearPathPattern
  try {
    compiled = new LinearPathPattern(source)
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : ''
    return {
      problem: `must be a regular expression in RE2 syntax, without backreferences or lookaround (${reason})`,
    }
  }
  if (compiled.programSize > MAX_PATH_PATTERN_PROGRAM) {
    return {
      problem: `compiles to ${compiled.programSize} instructions, more than the ${MAX_PATH_PATTERN_PROGRAM} a pattern may take (a large repetition such as {1000} costs one per repeat)`,
    }
  }
  return compiled
}

/** A `pathPattern` given as text, compiled (the control surface's inputs). */
export const pathPatternField = () =>
  z
    .custom<string>((value) => typeof value === 'string', {
      error: 'must be a string (a regular expression in RE2 syntax)',
    })
    .transform((source, context): LinearPathPattern => {
      const compiled = compilePathPattern(source)
      if ('problem' in compiled) {
        context.addIssue({ code: 'custom', message: compiled.problem })
        return z.NEVER
      }
      return compiled
    })
    .optional()

/** A `pathPattern` given as text and kept as text, checked by compiling it (a scenario stays JSON). */
export const pathPatternSourceField = () =>
  z
    .custom<string>((value) => typeof value === 'string', {
      error: 'must be a string (a regular expression in RE2 syntax)',
    })
    .superRefine((source, context) => {
      const compiled = compilePathPattern(source)
      if ('problem' in compiled) context.addIssue({ code: 'custom', message: compiled.problem })
    })
    .optional()

/** Whether a scenario (or anything with its `stubs`) gives a stub a `pathPattern`, which needs re2js. */
export function hasPathPatterns(value: unknown): boolean {
  const stubs = (value as { stubs?: unknown } | null | undefined)?.stubs
  return (
    Array.isArray(stubs) &&
    stubs.some((stub) => typeof stub === 'object' && stub !== null && 'pathPattern' in stub)
  )
}
