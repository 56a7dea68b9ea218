/**
 * The control surface's route table (`src/surfaces/control/table.ts`) and `docs/control.md`'s list of its
 * routes say the same, both ways: a route in the table missing from the docs fails, a documented route
 * missing from the table fails, and each route's line is the table's description. And every route the
 * docs list is served by the standalone server (its answer is never the 404 of no route).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { controlTable, requestLine } from '../../src/surfaces/control/table.js'
import { useServer } from '../support/server.js'

const docs = readFileSync(new URL('../../docs/control.md', import.meta.url), 'utf8')

/** The rows of the docs' route list: `[request line, what it does]`. */
function documentedRoutes(): Array<[string, string]> {
  const start = docs.indexOf('\n## Every route over HTTP\n')
  expect(start).toBeGreaterThan(-1)
  const end = docs.indexOf('\n## ', start + 1)
  return docs
    .slice(start, end)
    .split('\n')
    .flatMap((line) => {
      const row = /^\| `([A-Z]+ \/__understudy[^`]*)` \| (.*) \|$/.exec(line)
      return row ? [[row[1] as string, row[2] as string] as [string, string]] : []
    })
}

const tableRoutes = (): Array<[string, string]> =>
  controlTable.map((route) => [requestLine(route), route.description])

describe("docs/control.md's route list", () => {
  it('lists every route of the table', () => {
    const documented = new Set(documentedRoutes().map(([line]) => line))
    expect(tableRoutes().filter(([line]) => !documented.has(line))).toEqual([])
  })

  it('lists no route the table does not hold', () => {
    const held = new Set(tableRoutes().map(([line]) => line))
    expect(documentedRoutes().filter(([line]) => !held.has(line))).toEqual([])
  })

  it("says what each does in the table's words, in the table's order", () => {
    expect(documentedRoutes()).toEqual(tableRoutes())
  })

  it('lists each route once', () => {
    const lines = documentedRoutes().map(([line]) => line)
    expect(new Set(lines).size).toBe(lines.length)
  })
})

describe('the standalone server', () => {
  const server = useServer({ seed: 'route-table', now: '2026-01-01T00:00:00Z' })

  it('serves every documented route', async () => {
    const unserved: string[] = []
    for (const [line] of documentedRoutes()) {
      const [method, path] = line.split(' ') as [string, string]
      const url = server.url + path.replace('{id}', '1').replace('{subdomain}', 'acme')
      // A body no schema takes: a route that reads one refuses it (400), one that does not ignores it.
      const body = method === 'GET' ? undefined : '{"no such field":1}'
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body,
      })
      const text = await response.text()
      if (response.status === 404 && text.includes('No control operation')) unserved.push(line)
    }
    expect(unserved).toEqual([])
  })
})
