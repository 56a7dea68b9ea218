/**
 * Path patterns given as text (`pathPattern` of a fault or a stub over HTTP, of a stub in a scenario):
 * compiled with re2js, a linear-time engine, so no pattern can backtrack catastrophically and stall the
 * server (`^/(a+)+$` takes microseconds, not seconds). RE2 syntax (as Go's `regexp`): no backreferences,
 * no lookaround; the source and the compiled program are bounded (`core/linear-pattern.ts`, the one
 * mechanism, which loads re2js on first use: synchronously in Node, by `loadLinearPatterns()` in a browser),
 * and so is the path tested. See decisions/fault-path-patterns.md.
 * @module
 */

import {
  compileLinearPattern,
  type LinearPattern,
  linearPatternsReady,
} from '../core/linear-pattern.js'
import * as z from '../core/zod.js'

/**
 * The longest path a pattern is tested against, in characters: a longer path never matches a pattern (an
 * exact `path` still compares). Real paths of both services are far shorter.
 */
const MAX_PATTERN_TESTED_PATH = 2_048

/** A compiled `pathPattern`: tests a path in time linear in its length. Serialises as `{ pattern }`. */
export class LinearPathPattern {
  readonly #compiled: LinearPattern
  constructor(compiled: LinearPattern) {
    this.#compiled = compiled
  }
  /** The pattern as given. */
  get source(): string {
    return this.#compiled.source
  }
  /**
   * Whether the pattern matches anywhere in the path (like `RegExp.test`); a path longer than
   * `MAX_PATTERN_TESTED_PATH` never does.
   */
  test(path: string): boolean {
    return path.length <= MAX_PATTERN_TESTED_PATH && this.#compiled.test(path)
  }
  toJSON(): { pattern: string } {
    return { pattern: this.source }
  }
}

/** Compiles a pattern, or tells why it cannot be (RE2 refuses backreferences and lookaround). */
export function compilePathPattern(source: string): LinearPathPattern | { problem: string } {
  if (!linearPatternsReady()) {
    return {
      problem:
        'needs the pattern engine, which is loaded only on the way to an asynchronous call: give this scenario to `await simulator.useScenario()`, `startServer()` or the CLI, or a RegExp `path` to `simulator.stubs.add()`',
    }
  }
  const compiled = compileLinearPattern(source)
  return 'problem' in compiled ? compiled : new LinearPathPattern(compiled)
}

/** A `pathPattern` given as text, compiled (the control surface's inputs). */
export const pathPatternField = () =>
  z.optional(
    z.pipe(
      z.custom<string>((value) => typeof value === 'string', {
        error: 'must be a string (a regular expression in RE2 syntax)',
      }),
      z.transform((source: string, context): LinearPathPattern => {
        const compiled = compilePathPattern(source)
        if ('problem' in compiled) {
          // zod/mini's transform has no `addIssue`: the issue classic's would add.
          context.issues.push({ code: 'custom', message: compiled.problem, input: source })
          return z.NEVER
        }
        return compiled
      }),
    ),
  )

/** A `pathPattern` given as text and kept as text, checked by compiling it (a scenario stays JSON). */
export const pathPatternSourceField = () =>
  z.optional(
    z
      .custom<string>((value) => typeof value === 'string', {
        error: 'must be a string (a regular expression in RE2 syntax)',
      })
      .check(
        z.superRefine((source: string, context) => {
          const compiled = compilePathPattern(source)
          if ('problem' in compiled) context.addIssue({ code: 'custom', message: compiled.problem })
        }),
      ),
  )

/** Whether a scenario (or anything with its `stubs`) gives a stub a `pathPattern`, which needs re2js. */
export function hasPathPatterns(value: unknown): boolean {
  const stubs = (value as { stubs?: unknown } | null | undefined)?.stubs
  return (
    Array.isArray(stubs) &&
    stubs.some((stub) => typeof stub === 'object' && stub !== null && 'pathPattern' in stub)
  )
}
