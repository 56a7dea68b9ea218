/**
 * What a service gives `understudy-mock/vitest` and `understudy-mock/jest` (its registration's `matchers`, `ServiceDefinition`; in a
 * page none, by `matchers.browser.ts`): its matchers on `expect(simulator)`, as plain functions of what they read
 * (its own instance, or the journal) returning `{ pass, message }`, in the runner's words (`MatcherTools`, which
 * the assertions surface gives). Their types on a runner's `expect` are the service's part of
 * `ServiceMatcherTypes` (a declaration merged into it from the service's folder), which the surface composes.
 * @module
 */

/** A matcher's verdict, and its message (the failure's, or with `.not` the pass's). */
export interface MatcherResult {
  pass: boolean
  message: () => string
}

/** What the assertions surface gives a service's matcher: the runner's words. */
export interface MatcherTools {
  /** The message's first lines: the runner's hint of the call (`expect(simulator).toHavePreset(…)`), a blank line. */
  readonly head: string
  /** The runner's difference between two values. */
  diff(expected: unknown, received: unknown): string
  /** Journal entries, one a line (the last few, `… n earlier` before them). */
  listEntries(entries: readonly object[]): string
  /** A lookup that failed: what is not there, and what is. */
  absent(message: string): MatcherResult
  /** A record compared deep partially with what is expected; a failure shows the diff of the parts asked about. */
  compared(what: string, actual: unknown, wanted: unknown): MatcherResult
}

/** One of a service's matchers. */
export interface ServiceMatcher<Subject = unknown, Args extends unknown[] = unknown[]> {
  /** What it reads of the simulator it is given: its journal, or the service (`simulator.<name>`). */
  readonly reads: 'journal' | 'service'
  /** Its arguments, as the failure's hint names them (`workspace, slug, expected`). */
  readonly expected: string
  match(subject: Subject, tools: MatcherTools, ...args: Args): MatcherResult
}

/**
 * The services' matchers on `expect(received)` returning `R` (each only where `T` holds what it reads), typed:
 * each service with matchers merges its own into this interface from its folder.
 */
// biome-ignore lint/suspicious/noEmptyInterface lint/correctness/noUnusedVariables: the services merge their matchers into it (R and T are theirs).
export interface ServiceMatcherTypes<R, T> {}

/** The asymmetric forms of the services' matchers (`expect.toHavePreset(…)` inside `toEqual`), likewise merged. */
// biome-ignore lint/suspicious/noEmptyInterface lint/correctness/noUnusedVariables: the services merge their matchers into it (R is theirs).
export interface ServiceAsymmetricMatcherTypes<R> {}

/** A deep partial of a value: what the matchers compare (objects partially, arrays whole). */
export type DeepPartial<T> =
  T extends ReadonlyArray<infer Item>
    ? ReadonlyArray<DeepPartial<Item>>
    : T extends object
      ? { [K in keyof T]?: DeepPartial<T[K]> }
      : T
