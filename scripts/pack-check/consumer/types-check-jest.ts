/**
 * Type-checked (not run) against the installed tarball's declarations: `understudy-mock/jest`'s matchers fit
 * Jest's `expect.extend` and type `expect(simulator)` of `@jest/globals` (on simulators only).
 */
import { expect } from '@jest/globals'
import { createSimulator } from 'understudy-mock'
import { matchers } from 'understudy-mock/jest'

expect.extend(matchers)
const simulator = createSimulator()
expect(simulator).toHaveReceived({ operation: 'create-user', status: 200 })
expect(simulator).not.toHaveReceivedTimes(2, { service: 'router' })
expect(simulator).toHavePreset('Default', 'slug', { versions: 1, designated: 1 })
expect(simulator).toHaveUser('acme', 'iago@acme.example', { role: 'administrator' })
expect({ simulator }).toEqual({ simulator: expect.toHaveReceived({ status: 200 }) })
// @ts-expect-error: the count is a number
expect(simulator).toHaveReceivedTimes('1')
// @ts-expect-error: a number is not a simulator
expect(1).toHaveReceived()
