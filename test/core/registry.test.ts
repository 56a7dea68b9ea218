/**
 * The registry (`src/services/registry.ts`) is the one list of services: every way in and every part of the state
 * must follow it, so that a service added there is served, described, snapshotted, faulted and journaled
 * without another edit. Each check iterates the registry rather than naming the services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'
import { serviceDefinitions } from '../../src/services/registry.js'

const names = serviceDefinitions.map((definition) => definition.name)

describe('every registered service, everywhere', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ port: 0, seed: 'registry', now: '2026-01-01T00:00:00.000Z' })
  })
  afterAll(() => server.close())

  it('lists the two services in order', () => {
    expect(names).toEqual(['router', 'messaging'])
  })

  it('gives each a member, a discovery part and a snapshot part, under its name', () => {
    const simulator = createSimulator({ seed: 'registry' })
    const discovery = simulator.describe()
    const snapshot = simulator.snapshot()
    for (const definition of serviceDefinitions) {
      expect(simulator[definition.name].name).toBe(definition.name)
      expect(simulator[definition.name].baseUrl).toBe(definition.defaultBaseUrl)
      expect(Object.keys(discovery.services)).toContain(definition.name)
      expect(discovery.services[definition.name].baseUrl).toBe(definition.defaultBaseUrl)
      expect(Object.keys(snapshot.services)).toContain(definition.name)
      expect(simulator.scenario[definition.name]).toBeDefined()
    }
    expect(Object.keys(discovery.services)).toEqual(names)
    expect(Object.keys(snapshot.services)).toEqual(names)
  })

  it('puts each under its prefix on the standalone server, answering as the service does in process', async () => {
    const simulator = createSimulator({ seed: 'registry', now: '2026-01-01T00:00:00.000Z' })
    expect(Object.keys(server.services)).toEqual(names)
    for (const definition of serviceDefinitions) {
      const served = server.services[definition.name]
      const inProcess = simulator.describe().services[definition.name]
      const servedUrls = typeof served === 'string' ? [served] : Object.values(served)
      const ownUrls =
        'organizations' in inProcess
          ? inProcess.organizations.map((organization) => organization.baseUrl)
          : [inProcess.baseUrl]
      expect(servedUrls).toHaveLength(ownUrls.length)
      for (const [index, url] of servedUrls.entries()) {
        expect(url.startsWith(`${server.url}${definition.serverPrefix}/`)).toBe(true)
        // The same path below the base URL gets the same answer from the service both ways.
        const path = `${definition.inProcessPrefix}/no-such-thing`
        const viaServer = await fetch(`${url}${path}`)
        const viaFetch = await simulator.fetch(`${ownUrls[index]}${path}`)
        expect([viaServer.status, await viaServer.text()]).toEqual([
          viaFetch.status,
          await viaFetch.text(),
        ])
      }
    }
  })

  it('accepts each service and its operation ids in faults and journal filters, and refuses others', () => {
    const simulator = createSimulator({ seed: 'registry' })
    for (const definition of serviceDefinitions) {
      for (const operation of definition.operations) {
        const id = simulator.faults.inject({
          service: definition.name,
          operation: operation.name,
          status: 500,
        } as Parameters<typeof simulator.faults.inject>[0])
        expect(simulator.faults.list().find((fault) => fault.id === id)).toMatchObject({
          service: definition.name,
          operation: operation.name,
        })
        expect(
          simulator.journal.count({ service: definition.name, operation: operation.name } as never),
        ).toBe(0)
      }
    }
    expect(() => simulator.faults.inject({ service: 'mail' as never, status: 500 })).toThrow(
      `must be ${names.map((name) => JSON.stringify(name)).join(' or ')}`,
    )
  })
})
