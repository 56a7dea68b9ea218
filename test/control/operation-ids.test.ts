/**
 * Operation ids come from one place (each service's operation list) and a typo is refused, not silently
 * matched against nothing: in process (`faults.inject`, the journal's filters, the matchers) with an input
 * error naming the known ids, and over HTTP (`POST /__understudy/faults`, `GET /__understudy/journal…`)
 * with a 400 in the control surface's shape.
 */
import { describe, expect, it } from 'vitest'
import { messagingOperations } from '../../handlers/messaging/index.js'
import { routerOperations } from '../../handlers/router/index.js'
import { InputTypeError } from '../../src/engine/core/input-error.js'
import { createSimulator } from '../../src/entries/index.js'
import { OPERATION_IDS } from '../../src/simulator/operations/ids.js'
import { inspectorState } from '../../src/surfaces/control/state.js'
import { useServer } from '../support/server.js'
import '../../src/entries/vitest/index.js'
import { control, NOW } from './support.js'

const ROUTER_IDS =
  'createPresetsChatCompletions, createPresetsMessages, createPresetsResponses, listPresets, getPreset, listPresetVersions, getPresetVersion, sendChatCompletionRequest, createMessages, createResponses, getModels'
const MESSAGING_IDS =
  'get-users, create-user, get-own-user, deactivate-own-user, get-user, update-user, deactivate-user, get-user-by-email, update-user-by-email, get-message, update-message, delete-message, test-welcome-bot-custom-message, get-server-settings'

/** Calls `action` with a value the types refuse (a JavaScript caller, or a cast). */
const untyped = <T>(value: unknown) => value as T

describe('the operation ids', () => {
  it('are each service’s operation list, in its order, and the inspector offers the same', () => {
    expect(OPERATION_IDS.router.join(', ')).toBe(ROUTER_IDS)
    expect(OPERATION_IDS.messaging.join(', ')).toBe(MESSAGING_IDS)
    expect(OPERATION_IDS.router).toEqual(routerOperations.map((operation) => operation.name))
    expect(OPERATION_IDS.messaging).toEqual(messagingOperations.map((operation) => operation.name))
    const state = inspectorState(createSimulator({ now: NOW }))
    expect(state.operations.router.map((operation) => operation.name)).toEqual(OPERATION_IDS.router)
    expect(state.operations.messaging.map((operation) => operation.name)).toEqual(
      OPERATION_IDS.messaging,
    )
  })
})

describe('in process', () => {
  const simulator = createSimulator({ seed: 'ids', now: NOW })

  it('faults.inject refuses an unknown id, naming the known ids of the service given', () => {
    const inject = (definition: unknown) => () =>
      simulator.faults.inject(untyped<Parameters<typeof simulator.faults.inject>[0]>(definition))
    expect(inject({ service: 'router', operation: 'createPreset', status: 503 })).toThrow(
      new InputTypeError(
        `[understudy] Failed to inject a fault: operation: unknown operation "createPreset" of router; known: ${ROUTER_IDS}.`,
      ),
    )
    expect(inject({ service: 'messaging', operation: 'getPreset', status: 503 })).toThrow(
      `operation: unknown operation "getPreset" of messaging; known: ${MESSAGING_IDS}.`,
    )
    expect(inject({ operation: 'createUser', status: 503 })).toThrow(
      `operation: unknown operation "createUser"; known: ${ROUTER_IDS}, ${MESSAGING_IDS}.`,
    )
    expect(inject({ operation: 7, status: 503 })).toThrow('operation: must be a string (got 7).')
    expect(simulator.faults.list()).toEqual([])
  })

  it('faults.inject takes a known id, with or without its service', () => {
    const first = simulator.faults.inject({ operation: 'create-user', status: 503 })
    const second = simulator.faults.inject({
      service: 'router',
      operation: 'getPreset',
      status: 503,
    })
    expect(simulator.faults.list().map((fault) => fault.id)).toEqual([first, second])
    simulator.faults.clear()
  })

  it('the journal’s filters refuse an unknown id or service (entries, last, count, waitFor, toHAR)', async () => {
    const filter = untyped<{ operation: 'getPreset' }>({ operation: 'createPreset' })
    const message = `[understudy] Failed to read the journal: operation: unknown operation "createPreset"; known: ${ROUTER_IDS}, ${MESSAGING_IDS}.`
    expect(() => simulator.journal.entries(filter)).toThrow(new InputTypeError(message))
    expect(() => simulator.journal.last(filter)).toThrow(message)
    expect(() => simulator.journal.count(filter)).toThrow(message)
    expect(() => simulator.journal.toHAR(filter)).toThrow(message)
    await expect(simulator.journal.waitFor(filter, { timeoutMs: 10 })).rejects.toThrow(message)
    expect(() =>
      simulator.journal.entries(untyped<{ service: 'router' }>({ service: 'billing' })),
    ).toThrow(
      '[understudy] Failed to read the journal: service: must be "router" or "messaging" (got "billing").',
    )
    expect(simulator.journal.count({ service: 'messaging', operation: 'create-user' })).toBe(0)
  })

  it('the matchers refuse one too: a negated match cannot pass on a typo', () => {
    expect(() =>
      expect(simulator).not.toHaveReceived(
        untyped<{ operation: 'getPreset' }>({ operation: 'getPresets' }),
      ),
    ).toThrow('operation: unknown operation "getPresets"; known: ')
    expect(simulator).not.toHaveReceived({ operation: 'getPreset' })
  })
})

describe('over HTTP', () => {
  const server = useServer({ seed: 'ids', now: NOW })

  it('POST /__understudy/faults answers 400 naming the known ids, and arms nothing', async () => {
    const refused = await control(server.url, 'POST', '/faults', {
      service: 'router',
      operation: 'createPreset',
      status: 503,
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      error: {
        message: `[understudy] Failed to inject a fault: operation: unknown operation "createPreset" of router; known: ${ROUTER_IDS}.`,
      },
    })
    expect((await control(server.url, 'GET', '/faults')).body).toEqual([])
    const armed = await control(server.url, 'POST', '/faults', {
      operation: 'create-user',
      status: 503,
    })
    expect(armed.status).toBe(201)
    await control(server.url, 'DELETE', '/faults')
  })

  it('GET /__understudy/journal and /journal/count answer 400 for an unknown id or service', async () => {
    for (const path of ['/journal', '/journal/count']) {
      const refused = await control(server.url, 'GET', `${path}?operation=createPreset`)
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({
        error: {
          message: `[understudy] Failed to read the journal: operation: unknown operation "createPreset"; known: ${ROUTER_IDS}, ${MESSAGING_IDS}.`,
        },
      })
    }
    const otherService = await control(
      server.url,
      'GET',
      '/journal?service=messaging&operation=getPreset',
    )
    expect(otherService.body.error.message).toBe(
      `[understudy] Failed to read the journal: operation: unknown operation "getPreset" of messaging; known: ${MESSAGING_IDS}.`,
    )
    const service = await control(server.url, 'GET', '/journal?service=billing')
    expect(service.status).toBe(400)
    expect(service.body.error.message).toBe(
      '[understudy] Failed to read the journal: service: must be "router" or "messaging" (got "billing").',
    )
    const known = await control(server.url, 'GET', '/journal?service=router&operation=getPreset')
    expect(known.body).toEqual({ entries: [], count: 0 })
  })
})
