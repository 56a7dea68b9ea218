/**
 * The state file's JSON text, written in pieces so that a save never holds the event loop: the same text
 * as `JSON.stringify` (indented by two spaces down to the expanded depth, compact below: one record per
 * line), for any JSON value, with long strings at the indented levels cut into slices that never split a
 * surrogate pair.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonPieces } from '../../src/simulator/snapshot/json-pieces.js'

const text = (value: unknown, depth: number) => [...jsonPieces(value, depth)].join('')

describe('the JSON text in pieces', () => {
  it('is JSON.stringify’s text: compact at depth 0, indented all the way down at a large depth', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(text(value, 0)).toBe(JSON.stringify(value))
        expect(text(value, 100)).toBe(JSON.stringify(value, null, 2))
      }),
      { numRuns: 500 },
    )
  })

  it('compact: JSON.stringify’s compact text at any depth, long strings and toJSON included', () => {
    const compact = (value: unknown, depth: number) =>
      [...jsonPieces(value, depth, { compact: true })].join('')
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 6 }), (value, depth) => {
        expect(compact(value, depth)).toBe(JSON.stringify(value))
      }),
      { numRuns: 500 },
    )
    const long = { prompt: `${'é"\\\n'.repeat(40_000)}\u{1F600}`, at: new Date(0), list: [[], {}] }
    for (const depth of [0, 1, 2, 100]) expect(compact(long, depth)).toBe(JSON.stringify(long))
  })

  it('parses back to the same value at any depth, and leaves out what JSON.stringify leaves out', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 5 }), (value, depth) => {
        expect(JSON.parse(text(value, depth))).toEqual(JSON.parse(JSON.stringify(value)))
      }),
      { numRuns: 500 },
    )
    const odd = {
      a: undefined,
      b: () => 1,
      c: [undefined, Number.NaN, Symbol('x')],
      d: new Date(0),
    }
    for (const depth of [0, 1, 100])
      expect(JSON.parse(text(odd, depth))).toEqual(JSON.parse(JSON.stringify(odd)))
  })

  it('writes a record below the indented levels as one piece, but slices long strings, its own too', () => {
    const long = `${'a'.repeat(65_535)}😀${'é"\\\n\u0001'.repeat(40_000)}\ud800`
    const records = [{ prompt: long }, { prompt: long.slice(1) }]
    const pieces = [...jsonPieces({ records, seed: long }, 2)]
    // A record's own long string is sliced too; the record's text is JSON.stringify's.
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(6 * 64 * 1024 + 20)
    const small = { id: 1, tags: ['a'], prompt: 'short' }
    expect([...jsonPieces([small], 1)]).toContain(JSON.stringify(small))
    // The seed, at an indented level, comes in slices of at most 64 Ki characters (escapes grow one).
    const seedPieces = pieces.slice(pieces.indexOf(': ', pieces.indexOf('"seed"')) + 1, -1)
    expect(seedPieces.length).toBeGreaterThan(4)
    expect(Math.max(...seedPieces.map((piece) => piece.length))).toBeLessThanOrEqual(6 * 64 * 1024)
    expect(pieces.join('')).toBe(
      `{\n  "records": [\n    ${JSON.stringify(records[0])},\n    ${JSON.stringify(records[1])}\n  ],\n  "seed": ${JSON.stringify(long)}\n}`,
    )
  })

  it('refuses a circular structure as JSON.stringify does', () => {
    const circular: Record<string, unknown> = { a: [1] }
    ;(circular.a as unknown[]).push(circular)
    expect(() => text(circular, 5)).toThrow(new TypeError('Converting circular structure to JSON'))
    expect(() => text(circular, 1)).toThrow(TypeError)
  })
})
