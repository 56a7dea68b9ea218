/**
 * The control surface's routes know each service only through its registration (`ServiceDefinition.control`,
 * each service's `src/services/<name>/control.ts`): the code (comments aside) of the dispatcher, the table, the
 * surface's own routes and their inputs names no service, so that a third service adds its control routes in
 * its own folder.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { serviceNames } from '../../src/services/registry.js'

const FILES = ['http.ts', 'table.ts', 'routes.ts', 'http-inputs.ts'].map(
  (file) => `src/surfaces/control/${file}`,
)

/** A source without its comments (block, then line comments that start a line or follow a space). */
const code = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')

describe("the control surface's routes name no service", () => {
  it.each(FILES)('%s', (file) => {
    const words = serviceNames.map((name) => new RegExp(`\\b${name}\\b`, 'i'))
    const naming = code(readFileSync(file, 'utf8'))
      .split('\n')
      .filter((line) => words.some((word) => word.test(line)))
      .map((line) => line.trim())
    expect(naming).toEqual([])
  })
})
