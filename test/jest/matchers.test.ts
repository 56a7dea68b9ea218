/**
 * `understudy-mock/jest`: the matchers through Jest's own `expect` (the `expect` package `@jest/globals`
 * re-exports, run here under vitest): `expect.extend(matchers)`, passes, `.not`, asymmetric forms, and failures
 * printed with Jest's matcher utilities, naming what was there. The real Jest runs the documented suite in the
 * pack check (docs/jest.md).
 */
import { expect as jestExpect } from 'expect'
import { describe, expect, it } from 'vitest'
import { matchers } from '../../src/entries/jest/index.js'
import { createUser, fetchSimulator } from '../fetch/support.js'
import { failure } from '../support/failure.js'

jestExpect.extend(matchers)

async function withUser() {
  const simulator = fetchSimulator()
  await createUser(simulator)
  return simulator
}

describe("the matchers on Jest's expect", () => {
  it('pass, and fail with .not', async () => {
    const simulator = await withUser()
    jestExpect(simulator).toHaveReceived({ operation: 'create-user', status: 200 })
    jestExpect(simulator).toHaveReceivedTimes(1, { service: 'messaging' })
    jestExpect(simulator).toHaveUser('acme', 'Romeo@acme.example', { role: 'member' })
    jestExpect(simulator).not.toHavePreset('Default', 'nothing')
    jestExpect({ simulator }).toEqual({ simulator: jestExpect.toHaveReceived({ status: 200 }) })
    expect(failure(() => jestExpect(simulator).not.toHaveReceived({ status: 200 }))).toContain(
      'Expected no request matching { status: 200 }, but 1 matched:\n  #',
    )
  })

  it('fail with the closest entries and a diff in Jest’s own words', async () => {
    const simulator = await withUser()
    const message = failure(() =>
      jestExpect(simulator).toHaveReceived({
        operation: 'create-user',
        body: { full_name: 'Juliet' },
      }),
    )
    expect(message).toContain('expect(simulator).toHaveReceived(filter)')
    expect(message).toContain(
      'Expected a request matching { operation: "create-user", body: {"full_name":"Juliet"} }; none of the journal\'s entries matches.',
    )
    expect(message).toContain('-   "full_name": "Juliet",')
    expect(message).toContain('+   "full_name": "Romeo",')
    expect(
      failure(() => jestExpect(simulator).toHaveUser('acme', 'juliet@acme.example')),
    ).toContain('Expected an account juliet@acme.example in "acme"; it has: ')
  })

  it('refuse what is not a simulator', () => {
    // @ts-expect-error: the matchers are typed on simulators only
    expect(() => jestExpect(42).toHaveReceived()).toThrow(
      '[understudy] toHaveReceived expects a simulator (from createSimulator), received 42.',
    )
  })
})
