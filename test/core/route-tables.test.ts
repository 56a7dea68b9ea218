/**
 * The contract both services' route tables keep (`RouteTable` in src/engine/core/routes.ts), run against each,
 * as Hono runs one suite against every router: a path resolves to the route of every operation on it,
 * by method, with the path's parameters; the first declared path that matches names the route; no match
 * is `undefined`. Then what each table does differently, on purpose.
 */
import { describe, expect, it } from 'vitest'
import { createPathTable } from '../../src/engine/core/path-table.js'
import type { Routable, RouteTable } from '../../src/engine/core/routes.js'
import type { MessagingOperation } from '../../src/services/messaging/context.js'
import { createMessagingRoutes, decodePath } from '../../src/services/messaging/routes.js'

const operation = (name: string, method: string, path: string) => ({
  name,
  method,
  path,
  access: 'rest' as const,
  handle: () => ({ status: 200, headers: {}, body: name }),
})

const OPERATIONS = [
  operation('list', 'GET', '/items'),
  operation('create', 'POST', '/items'),
  operation('create-again', 'POST', '/items'),
  operation('mine', 'GET', '/items/mine'),
  operation('one', 'GET', '/items/:id'),
  operation('remove', 'DELETE', '/items/:id'),
  operation('nested', 'GET', '/items/:id/parts/:part'),
] satisfies MessagingOperation[]

/** Each table behind one signature: the router's path table, and messaging's at one feature level. */
const tables: Array<[string, RouteTable<Routable>]> = [
  ['path table (router)', createPathTable(OPERATIONS)],
  [
    'Django resolver (messaging)',
    (() => {
      const routes = createMessagingRoutes(OPERATIONS)
      return { operations: routes.operations, resolve: (path) => routes.resolve(path, 400) }
    })(),
  ],
]

describe.each(tables)('route table contract: %s', (_name, table) => {
  const names = (path: string) =>
    table.resolve(path)?.route.operations.map((candidate) => candidate.name)

  it('keeps the operations in the order given', () => {
    expect(table.operations.map((candidate) => candidate.name)).toEqual([
      'list',
      'create',
      'create-again',
      'mine',
      'one',
      'remove',
      'nested',
    ])
  })

  it('resolves a path to every operation on it, with its methods in declaration order', () => {
    const resolved = table.resolve('/items')
    expect(names('/items')).toEqual(['list', 'create', 'create-again'])
    expect(resolved?.route.methods).toEqual(['GET', 'POST'])
    expect(resolved?.params).toEqual({})
  })

  it('answers a method with the first operation declared for it', () => {
    const route = table.resolve('/items')?.route
    expect(route?.byMethod.get('POST')?.name).toBe('create')
    expect(route?.byMethod.get('GET')?.name).toBe('list')
    expect(route?.byMethod.get('PUT')).toBeUndefined()
  })

  it('gives the path parameters by name', () => {
    const resolved = table.resolve('/items/42/parts/7')
    expect(names('/items/42/parts/7')).toEqual(['nested'])
    expect(resolved?.params).toEqual({ id: '42', part: '7' })
    expect(table.resolve('/items/42')?.route.methods).toEqual(['GET', 'DELETE'])
  })

  it('lets the first declared path that matches name the route', () => {
    expect(names('/items/mine')).toEqual(['mine'])
    expect(table.resolve('/items/mine')?.params).toEqual({})
  })

  it('resolves nothing for a path no operation has', () => {
    expect(table.resolve('/other')).toBeUndefined()
    expect(table.resolve('/items/42/parts')).toBeUndefined()
    expect(table.resolve('/items/42/parts/7/more')).toBeUndefined()
    expect(table.resolve('/')).toBeUndefined()
  })
})

describe('where the two tables differ, on purpose', () => {
  it('the router matches the path as sent: an empty segment fills a parameter, parameters are decoded', () => {
    const table = createPathTable(OPERATIONS)
    expect(table.resolve('/items/')?.route.operations.map((o) => o.name)).toEqual(['one', 'remove'])
    expect(table.resolve('/items/')?.params).toEqual({ id: '' })
    expect(table.resolve('/items/a%2Fb')?.params).toEqual({ id: 'a/b' })
    expect(table.resolve('/items/%zz')?.params).toEqual({ id: '%zz' })
  })

  it('messaging decodes the whole path first (Django), and a parameter needs a non-empty segment', () => {
    const routes = createMessagingRoutes(OPERATIONS)
    expect(routes.resolve(decodePath('/items/'), 400)).toBeUndefined()
    expect(routes.resolve(decodePath('/items/%6Dine'), 400)?.route.operations[0]?.name).toBe('mine')
    expect(routes.resolve(decodePath('/items/a%2Fb'), 400)).toBeUndefined()
  })

  it('messaging knows feature levels: a route newer than the level does not exist', () => {
    const routes = createMessagingRoutes([
      operation('old', 'GET', '/old'),
      { ...operation('new', 'GET', '/new'), since: 100 },
    ])
    expect(routes.resolve('/new', 99)).toBeUndefined()
    expect(routes.resolve('/new', 100)?.route.operations[0]?.name).toBe('new')
    expect(routes.resolve('/old', 1)?.route.operations[0]?.name).toBe('old')
  })
})
