/**
 * Understudy's own account of where a text stops being JSON (src/engine/core/json-error.ts), used where a message
 * would otherwise quote the runtime's `JSON.parse` text, which changes between Node versions. It must agree
 * with `JSON.parse` on what is JSON, and point at the first character that is not.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonErrorOffset, jsonProblem } from '../../src/engine/core/json-error.js'

const parses = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

describe('jsonProblem', () => {
  it.each([
    ['', 'it is empty'],
    [' \n', 'it is empty'],
    ['{"formatVersion": 1,', 'it is not valid JSON: it ends early, at line 1, column 21'],
    ['{"formatVersion":1,"seed":', 'it is not valid JSON: it ends early, at line 1, column 27'],
    ['{\n  "a": [1, 2,]\n}', 'it is not valid JSON: unexpected "]" at line 2, column 14'],
    ["{'a': 1}", `it is not valid JSON: unexpected "'" at line 1, column 2`],
    ['{"a": tru', 'it is not valid JSON: it ends early, at line 1, column 10'],
    ['{"a": 01}', 'it is not valid JSON: unexpected "1" at line 1, column 8'],
    ['{"a": "x\ty"}', 'it is not valid JSON: unexpected U+0009 at line 1, column 9'],
    ['\uFEFF{}', 'it is not valid JSON: unexpected U+FEFF at line 1, column 1'],
    ['{} {}', 'it is not valid JSON: unexpected "{" at line 1, column 4'],
    ['{"a": "\\u12G4"}', 'it is not valid JSON: unexpected "G" at line 1, column 12'],
    ['[-]', 'it is not valid JSON: unexpected "]" at line 1, column 3'],
    ['[1.e5]', 'it is not valid JSON: unexpected "e" at line 1, column 4'],
  ])('%j: %s', (text, problem) => {
    expect(parses(text)).toBe(false)
    expect(jsonProblem(text)).toBe(problem)
  })

  it('agrees with JSON.parse on what is JSON, for JSON texts, their prefixes and one-character edits', () => {
    const edited = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom(...'{}[],:"\\ -0.eE1tfnu\n'), fc.boolean())
      .map(([text, at, c, insert]) => {
        const i = at % (text.length + 1)
        return text.slice(0, i) + c + text.slice(insert ? i : i + 1)
      })
    const prefix = fc
      .tuple(fc.json(), fc.nat())
      .map(([text, at]) => text.slice(0, at % text.length))
    fc.assert(
      fc.property(fc.oneof(fc.json(), prefix, edited), (text) => {
        expect(jsonErrorOffset(text) === -1).toBe(parses(text))
      }),
      { numRuns: 2000 },
    )
  })

  it('says a text nested deeper than its scanner goes is not JSON, without throwing', () => {
    expect(jsonProblem('['.repeat(200_000))).toBe(
      'it is not valid JSON: it ends early, at line 1, column 200001',
    )
  })
})
