/**
 * `simulator.journal.waitFor(filter, options)`: an entry already there resolves at once (the newest
 * matching), otherwise the first matching request resolves it; `after` waits for a newer one; the timeout
 * rejects listing the closest entries; a signal stops the wait.
 */
import { describe, expect, it } from 'vitest'
import { ACME, fetchSimulator, iagoAuth, ROUTER, routerAuth } from '../fetch/support.js'

const listPresets = (simulator: ReturnType<typeof fetchSimulator>, query = '') =>
  simulator.fetch(`${ROUTER}/presets${query}`, { headers: routerAuth })
const later = (work: () => unknown, ms = 20) => setTimeout(() => void work(), ms)

describe('journal.waitFor', () => {
  it('resolves at once with the newest matching entry already in the journal', async () => {
    const simulator = fetchSimulator()
    await listPresets(simulator, '?limit=1')
    await listPresets(simulator, '?limit=2')
    await simulator.fetch(`${ACME}/users`, { headers: iagoAuth })
    const entry = await simulator.journal.waitFor({ operation: 'listPresets' }, { timeoutMs: 0 })
    expect(entry).toMatchObject({ seq: 2, operation: 'listPresets', query: { limit: '2' } })
  })

  it('waits for a request that happens later, skipping those that do not match', async () => {
    const simulator = fetchSimulator()
    const waiting = simulator.journal.waitFor({
      operation: 'create-user',
      body: { full_name: 'Romeo' },
    })
    later(async () => {
      await simulator.fetch(`${ACME}/users`, { headers: iagoAuth })
      await simulator.fetch(`${ACME}/users`, {
        method: 'POST',
        headers: iagoAuth,
        body: new URLSearchParams({ email: 'juliet@acme.example', full_name: 'Juliet' }),
      })
      await simulator.fetch(`${ACME}/users`, {
        method: 'POST',
        headers: iagoAuth,
        body: new URLSearchParams({
          email: 'romeo@acme.example',
          password: 'correct-horse',
          full_name: 'Romeo',
        }),
      })
    })
    const entry = await waiting
    expect(entry).toMatchObject({
      seq: 3,
      operation: 'create-user',
      status: 200,
      body: { email: 'romeo@acme.example', password: '[redacted]', full_name: 'Romeo' },
      response: { result: 'success', msg: '', user_id: 8 },
    })
  })

  it('with `after`, waits for a newer entry than the ones already there', async () => {
    const simulator = fetchSimulator()
    await listPresets(simulator, '?limit=1')
    const after = simulator.journal.last()?.seq ?? 0
    const waiting = simulator.journal.waitFor({ operation: 'listPresets' }, { after })
    later(() => listPresets(simulator, '?limit=3'))
    expect(await waiting).toMatchObject({ seq: 2, query: { limit: '3' } })
  })

  it('sees requests answered by an injected fault', async () => {
    const simulator = fetchSimulator()
    simulator.faults.inject({ operation: 'listPresets', network: 'hang' })
    const waiting = simulator.journal.waitFor({ operation: 'listPresets', status: 0 })
    void listPresets(simulator, '?limit=9')
    expect(await waiting).toMatchObject({ status: 0, fault: { kind: 'hang' } })
  })

  it('rejects on timeout, listing the closest entries', async () => {
    const simulator = fetchSimulator()
    await listPresets(simulator)
    await simulator.fetch(`${ACME}/users`, { headers: iagoAuth })
    await expect(
      simulator.journal.waitFor(
        { service: 'messaging', operation: 'create-user' },
        { timeoutMs: 30 },
      ),
    ).rejects.toThrow(
      new Error(
        '[understudy] Failed to find a journal entry matching { service: "messaging", operation: "create-user" } within 30 ms.\n' +
          'The closest of 2 journal entries:\n' +
          '  #2 GET /api/v1/users → 200 (get-users, acme)\n' +
          '      operation: expected "create-user", received "get-users"\n' +
          '  #1 GET /presets → 200 (listPresets, 6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01)\n' +
          '      service: expected "messaging", received "router"\n' +
          '      operation: expected "create-user", received "listPresets"',
      ),
    )
    await expect(
      simulator.journal.waitFor({ operation: 'listPresets' }, { timeoutMs: 10, after: 5 }),
    ).rejects.toThrow(
      '[understudy] Failed to find a journal entry matching { operation: "listPresets" } after #5 within 10 ms.\nThe journal is empty.',
    )
  })

  it('stops when its signal aborts, with the signal’s reason', async () => {
    const simulator = fetchSimulator()
    const controller = new AbortController()
    const waiting = simulator.journal.waitFor(
      { operation: 'create-user' },
      {
        signal: controller.signal,
      },
    )
    later(() => controller.abort(new Error('test over')))
    await expect(waiting).rejects.toThrow('test over')
    await expect(
      simulator.journal.waitFor({}, { signal: AbortSignal.abort(new Error('already')) }),
    ).rejects.toThrow('already')
  })

  it('tests each new entry once while it waits, not the whole journal again', async () => {
    const simulator = fetchSimulator()
    for (let i = 0; i < 100; i++) await listPresets(simulator)
    const after = simulator.journal.last()?.seq ?? 0
    const tested: number[] = []
    const status = (value: number) => {
      tested.push(value)
      return value === 404
    }
    const waiting = simulator.journal.waitFor({ status }, { after })
    expect(tested).toEqual([])
    for (let i = 0; i < 10; i++) await listPresets(simulator)
    await simulator.fetch(`${ROUTER}/presets/missing`, { headers: routerAuth })
    // Ten 200s and the 404, each tested once (before: the whole journal again for every request).
    expect(tested).toEqual([...Array(10).fill(200), 404])
    expect(await waiting).toMatchObject({ seq: 111, status: 404, path: '/presets/missing' })
  })

  it('when the journal keeps nothing, waits until the timeout', async () => {
    const simulator = fetchSimulator({ journalLimit: 0 })
    const waiting = simulator.journal.waitFor({ operation: 'listPresets' }, { timeoutMs: 30 })
    await listPresets(simulator)
    await expect(waiting).rejects.toThrow(
      '[understudy] Failed to find a journal entry matching { operation: "listPresets" } within 30 ms.\nThe journal is empty.',
    )
  })

  it('refuses a bad timeout or `after` with a RangeError naming it', async () => {
    const simulator = fetchSimulator()
    await expect(simulator.journal.waitFor({}, { timeoutMs: -1 })).rejects.toThrow(
      new RangeError(
        '[understudy] Failed to wait for a journal entry: timeoutMs -1 is not a number of ms from 0 to 2147483647.',
      ),
    )
    await expect(simulator.journal.waitFor({}, { after: 1.5 })).rejects.toThrow(
      new RangeError(
        "[understudy] Failed to wait for a journal entry: after 1.5 is not a whole number >= 0 (an entry's seq).",
      ),
    )
  })
})
