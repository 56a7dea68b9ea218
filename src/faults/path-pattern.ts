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

/**
 * The largest compiled program accepted, in re2js instructions. The length of the source does not bound
 * the cost of a test: `(?:a?){1000}a{1000}[0-9]` is 24 characters and 3,003 instructions, and took 0.4-0.6 s
 * on every 256- to 8,000-character path. Up to about 1,500 instructions it took under 2 ms here; 500 leaves
 * room for any real path pattern (`^/presets/[^/]+/chat/completions$` is 32).
 */
export const MAX_PATH_PATTERN_PROGRAM = 500

/**
 * The longest path a pattern is tested against, in characters: a longer path never matches a pattern (an
 * exact `path` still compares). Real paths of both services are far shorter.
 */
export const MAX_PATTERN_TESTED_PATH = 2_048

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
