/**
 * Errors inside the simulator are not disguised: a failure in an operation is still the service's own 500
 * on the wire, but the journal entry carries the exception and the console gets one line; on the control
 * surface only the simulator's own input errors are 400, anything else is a 500 saying "Internal error".
 * (A bug is simulated by replacing an operation's `handle` for one test.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messagingOperations } from '../../handlers/messaging/index.js'
import { routerOperations } from '../../handlers/router/index.js'
import { createSimulator, type Simulator } from '../../src/entries/index.js'
import { handleControl } from '../../src/surfaces/control/http.js'
import { ACME, accounts, basic, keys, NOW, plainRequest, ROUTER } from './support.js'

const restore: Array<() => void> = []
afterEach(() => {
  for (const undo of restore.splice(0)) undo()
  vi.restoreAllMocks()
})

/** Makes an operation fail the way a bug would, until the test ends. */
function breakOperation(
  operations: ReadonlyArray<{ name: string; handle: unknown }>,
  name: string,
  failure: () => never | Promise<never>,
) {
  const operation = operations.find((candidate) => candidate.name === name) as { handle: unknown }
  const original = operation.handle
  operation.handle = failure
  restore.push(() => {
    operation.handle = original
  })
}

const plain = (method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
  plainRequest(method, url, { headers, ...(body === undefined ? {} : { body }) })

const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => {})

describe('a failure inside an operation', () => {
  it('is the router’s 500 on the wire, and the journal entry and the console say what failed', async () => {
    const logged = quietConsole()
    breakOperation(routerOperations, 'listPresets', () => {
      throw new TypeError('presets.map is not a function')
    })
    const simulator = createSimulator({ seed: 'errors', now: NOW })
    const outcome = await simulator.dispatch(
      plain('GET', `${ROUTER}/presets`, { authorization: `Bearer ${keys.inference}` }),
      'in-process',
    )
    expect(outcome).toMatchObject({ status: 500 })
    expect(JSON.parse((outcome as { body: string }).body)).toEqual({
      error: { code: 500, message: 'Internal Server Error' },
    })
    const entry = simulator.journal.last()
    expect(entry).toMatchObject({
      operation: 'listPresets',
      status: 500,
      error: {
        message: 'presets.map is not a function',
        stack: expect.stringMatching(/^at .*internal-errors\.test\.ts/),
      },
    })
    expect(logged.mock.calls).toEqual([
      ['[understudy] internal error in router listPresets: presets.map is not a function'],
    ])
  })

  it('records a rejected promise the same way, in the messaging service’s 500', async () => {
    const logged = quietConsole()
    breakOperation(messagingOperations, 'get-users', () => Promise.reject(new Error('store gone')))
    const simulator = createSimulator({ seed: 'errors', now: NOW })
    const events: unknown[] = []
    simulator.journal.subscribe((event) => events.push(event.error))
    const outcome = await simulator.dispatch(
      plain('GET', `${ACME}/api/v1/users`, { authorization: basic(accounts.iago) }),
      'in-process',
    )
    expect(outcome).toMatchObject({ status: 500 })
    expect(simulator.journal.last()?.error?.message).toBe('store gone')
    expect(events).toEqual([{ message: 'store gone', stack: expect.any(String) }])
    expect(logged).toHaveBeenCalledWith(
      '[understudy] internal error in messaging get-users: store gone',
    )
  })

  it('prints what a request sent inert: control characters in the message as \\xHH, on one line', async () => {
    const logged = quietConsole()
    breakOperation(routerOperations, 'listPresets', () => {
      throw new Error('bad \u001b]52;c;ZWNobyBoaQ==\u0007 value\nforged line')
    })
    const simulator = createSimulator({ seed: 'errors', now: NOW })
    await simulator.dispatch(
      plain('GET', `${ROUTER}/presets`, { authorization: `Bearer ${keys.inference}` }),
      'in-process',
    )
    expect(logged.mock.calls).toEqual([
      [
        '[understudy] internal error in router listPresets: bad \\x1B]52;c;ZWNobyBoaQ==\\x07 value\\x0Aforged line',
      ],
    ])
    expect(simulator.journal.last()?.error?.message).toBe(
      'bad \u001b]52;c;ZWNobyBoaQ==\u0007 value\nforged line',
    )
  })

  it('leaves entries of requests that met no failure without an error field', async () => {
    const simulator = createSimulator({ seed: 'errors', now: NOW })
    await simulator.dispatch(plain('GET', `${ROUTER}/presets`), 'in-process')
    expect(simulator.journal.last()).not.toHaveProperty('error')
  })
})

describe('the control surface', () => {
  /** A control answer with its body as one text (a streamed one joined). */
  const answered = async (answer: ReturnType<typeof handleControl>) => {
    const got = await answer
    return { status: got.status, body: 'body' in got ? got.body : [...got.pieces].join('') }
  }
  const control = (simulator: Simulator, method: string, path: string, body?: unknown) =>
    answered(
      handleControl(
        simulator,
        plain(
          method,
          `http://127.0.0.1/__understudy${path}`,
          {},
          body === undefined ? undefined : JSON.stringify(body),
        ),
        path,
      ),
    )

  it('answers a failure that is not bad input 500 "Internal error", and logs it', async () => {
    const logged = quietConsole()
    const simulator = createSimulator({ seed: 'errors', now: NOW })
    Object.assign(simulator, {
      describe() {
        throw new TypeError("Cannot read properties of undefined (reading 'name')")
      },
    })
    const answer = await control(simulator, 'GET', '')
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      500,
      {
        error: { message: "Internal error: Cannot read properties of undefined (reading 'name')" },
      },
    ])
    expect(logged.mock.calls).toEqual([
      [
        "[understudy] internal error in control GET /: Cannot read properties of undefined (reading 'name')",
      ],
    ])
  })

  it('still answers the simulator’s own refusals 400', async () => {
    const simulator = createSimulator({ seed: 'errors', now: NOW })
    const answer = await control(simulator, 'PUT', '/messaging/nowhere/feature-level', {
      featureLevel: 36,
    })
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      400,
      {
        error: {
          message:
            '[understudy] Failed to find the messaging organization "nowhere". Known organizations: acme.',
        },
      },
    ])
  })

  it('answers a control body over the limit 413, and changes nothing', async () => {
    const simulator = createSimulator({ seed: 'errors', now: NOW, maxBodyBytes: 64 })
    const request = plain('PUT', 'http://127.0.0.1/__understudy/latency', {})
    request.oversized = true
    const answer = await answered(handleControl(simulator, request, '/latency'))
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      413,
      { error: { message: 'The body is larger than the control surface accepts (64 bytes).' } },
    ])
    expect(simulator.latency.get()).toBe(0)
  })

  it('answers a malformed percent-encoding in the path 400, not 500', async () => {
    const simulator = createSimulator({ seed: 'errors', now: NOW })
    const answer = await control(simulator, 'PUT', '/messaging/%zz/feature-level', {
      featureLevel: 36,
    })
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      400,
      { error: { message: 'the path segment "%zz" is not valid percent-encoding' } },
    ])
  })
})
