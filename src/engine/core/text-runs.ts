/**
 * Trimming runs of one character in time linear in the text: `/^c+|c+$/g` and `/c+$/`, tried at every
 * character of a long run that something else ends, take quadratic time (a static ReDoS check,
 * `test/robustness/redos.test.ts`, finds every such pattern).
 * @module
 */

/** The text without the runs of `char` that start and end it (`/^c+|c+$/g`). */
export function trimRuns(text: string, char: string): string {
  let start = 0
  let end = text.length
  while (start < end && text[start] === char) start += 1
  while (end > start && text[end - 1] === char) end -= 1
  return text.slice(start, end)
}

/** The text without the run of `char` that ends it (`/c+$/`). */
export function trimEndRun(text: string, char: string): string {
  let end = text.length
  while (end > 0 && text[end - 1] === char) end -= 1
  return text.slice(0, end)
}
