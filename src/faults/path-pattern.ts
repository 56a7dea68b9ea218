/**
 * Fault path patterns given over HTTP (`pathPattern`): compiled with re2js, a linear-time engine, so no
 * pattern can backtrack catastrophically and stall the server (`^/(a+)+$` takes microseconds, not seconds).
 * RE2 syntax (as Go's `regexp`): no backreferences, no lookaround. Only the control surface loads re2js,
 * and only when a fault is first injected over HTTP (`loadPathPatternEngine`): it is 20 ms of the CLI's
 * start otherwise. See decisions/fault-path-patterns.md.
 * @module
 */
import type { RE2JS } from 're2js'

let engine: typeof RE2JS | undefined

/** Loads re2js once; `compilePathPattern` needs it loaded. */
export async function loadPathPatternEngine(): Promise<void> {
  engine ??= (await import('re2js')).RE2JS
}

/** The longest `pathPattern` accepted, in characters. */
const MAX_PATH_PATTERN_LENGTH = 1_000

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
  /** Whether the pattern matches anywhere in the path (like `RegExp.test`). */
  test(path: string): boolean {
    return this.#compiled.test(path)
  }
  toJSON(): { pattern: string } {
    return { pattern: this.source }
  }
}

/** Compiles a pattern, or tells why it cannot be (RE2 refuses backreferences and lookaround). */
export function compilePathPattern(source: string): LinearPathPattern | { problem: string } {
  if (source.length > MAX_PATH_PATTERN_LENGTH) {
    return { problem: `must be at most ${MAX_PATH_PATTERN_LENGTH} characters` }
  }
  try {
    return new LinearPathPattern(source)
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : ''
    return {
      problem: `must be a regular expression in RE2 syntax, without backreferences or lookaround (${reason})`,
    }
  }
}
