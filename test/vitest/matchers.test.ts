/**
 * `understudy-mock/vitest`: the matchers pass and fail as documented, and a failure says what was there
 * (the closest journal entries with a body diff, the presets or accounts that exist), not "expected true".
 */
import { describe, expect, it } from 'vitest'
import '../../src/entries/vitest/index.js'
import { ACME, fetchSimulator, iagoAuth, ROUTER, routerAuth } from '../fetch/support.js'
import { workspaces } from '../support/credentials.js'
import { failure } from '../support/failure.js'

async function withTraffic() {
  const simulator = fetchSimulator()
  await simulator.fetch(`${ACME}/users`, {
    method: 'POST',
    headers: iagoAuth,
    body: new URLSearchParams({
      email: 'romeo@acme.example',
      password: 'correct-horse',
      full_name: 'Romeo',
    }),
  })
  await simulator.fetch(`${ACME}/users`, {
    method: 'POST',
    headers: iagoAuth,
    body: new URLSearchParams({ email: 'juliet@acme.example', full_name: 'Juliet' }),
  })
  await simulator.fetch(`${ROUTER}/presets/house/chat/completions`, {
    method: 'POST',
    headers: { ...routerAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'system', content: 'One' }], model: 'a/b' }),
  })
  await simulator.fetch(`${ROUTER}/presets/house/chat/completions`, {
    method: 'POST',
    headers: { ...routerAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'system', content: 'Two' }], model: 'a/c' }),
  })
  return simulator
}

describe('toHaveReceived', () => {
  it('passes on a deep partial match and fails with the closest entries and a body diff', async () => {
    const simulator = await withTraffic()
    expect(simulator).toHaveReceived({
      operation: 'create-user',
      status: 200,
      body: { full_name: 'Romeo' },
    })
    expect(simulator).toHaveReceived({ service: 'router', method: 'post' })
    expect(simulator).not.toHaveReceived({ operation: 'create-user', status: 201 })

    const message = failure(() =>
      expect(simulator).toHaveReceived({
        operation: 'create-user',
        status: 200,
        body: { full_name: 'Juliet' },
      }),
    )
    expect(message).toContain(
      'Expected a request matching { operation: "create-user", status: 200, body: {"full_name":"Juliet"} }; none of the journal\'s entries matches.\n' +
        'The closest of 4 journal entries:\n' +
        '  #2 POST /api/v1/users → 400 (create-user, acme)\n' +
        '      status: expected 200, received 400\n' +
        '  #1 POST /api/v1/users → 200 (create-user, acme)\n' +
        '      body:\n' +
        '        - Expected\n' +
        '        + Received\n' +
        '        \n' +
        '          {\n' +
        '        -   "full_name": "Juliet",\n' +
        '        +   "full_name": "Romeo",\n' +
        '          }\n' +
        '  #4 POST /presets/house/chat/completions → 200 (createPresetsChatCompletions, 6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01)\n' +
        '      operation: expected "create-user", received "createPresetsChatCompletions"\n',
    )
    expect(message).toMatch(/\n {2}… and 1 more$/)
  })

  it('lists what matched when .not fails', async () => {
    const simulator = await withTraffic()
    const message = failure(() => expect(simulator).not.toHaveReceived({ service: 'router' }))
    expect(message).toContain(
      'Expected no request matching { service: "router" }, but 2 matched:\n' +
        '  #3 POST /presets/house/chat/completions → 200 (createPresetsChatCompletions, 6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01)\n' +
        '  #4 POST /presets/house/chat/completions → 200 (createPresetsChatCompletions, 6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01)',
    )
  })

  it('says the journal is empty, and refuses what is not a simulator', () => {
    const simulator = fetchSimulator()
    expect(failure(() => expect(simulator).toHaveReceived())).toContain(
      "Expected a request matching {  }; none of the journal's entries matches.\nThe journal is empty.",
    )
    expect(() => expect({ journal: 1 } as any).toHaveReceived()).toThrow(
      '[understudy] toHaveReceived expects a simulator (from createSimulator), received',
    )
  })
})

describe('toHaveReceivedTimes', () => {
  it('counts matching entries exactly and lists them on failure', async () => {
    const simulator = await withTraffic()
    expect(simulator).toHaveReceivedTimes(2, { operation: 'create-user' })
    expect(simulator).toHaveReceivedTimes(1, { operation: 'create-user', status: 400 })
    expect(simulator).toHaveReceivedTimes(0, { operation: 'get-users' })
    expect(simulator).not.toHaveReceivedTimes(3, { operation: 'create-user' })

    expect(
      failure(() => expect(simulator).toHaveReceivedTimes(1, { service: 'router' })),
    ).toContain(
      'Expected 1 request matching { service: "router" }, received 2.\nMatching:\n' +
        '  #3 POST /presets/house/chat/completions',
    )
    expect(
      failure(() => expect(simulator).toHaveReceivedTimes(1, { operation: 'get-users' })),
    ).toContain(
      'Expected 1 request matching { operation: "get-users" }, received 0.\nThe closest of 4 journal entries:\n' +
        '  #4 POST /presets/house/chat/completions → 200 (createPresetsChatCompletions, 6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01)\n' +
        '      operation: expected "get-users", received "createPresetsChatCompletions"',
    )
    expect(() => expect(simulator).toHaveReceivedTimes(-1)).toThrow(
      '[understudy] toHaveReceivedTimes expects a whole number of requests >= 0, received',
    )
  })
})

describe('toHavePreset', () => {
  it('matches a preset by workspace id or name, its versions and the designated one', async () => {
    const simulator = await withTraffic()
    expect(simulator).toHavePreset(workspaces.default, 'house')
    expect(simulator).toHavePreset('Default', 'house', {
      name: 'house',
      versions: 2,
      designated: 2,
    })
    expect(simulator).toHavePreset('Default', 'house', {
      versions: [{ system_prompt: 'One' }, { system_prompt: 'Two', config: { model: 'a/c' } }],
      designated: { version: 2, system_prompt: 'Two' },
    })
    expect(simulator).not.toHavePreset('Default', 'house', { versions: 1 })
    expect(simulator).not.toHavePreset('Team B', 'house')
  })

  it('shows a diff of the parts that differ, and the slugs or workspaces that exist', async () => {
    const simulator = await withTraffic()
    const message = failure(() =>
      expect(simulator).toHavePreset('Default', 'house', { versions: 3, designated: 3 }),
    )
    expect(message).toContain(
      `The preset "house" in workspace ${workspaces.default} (Default) differs:\n`,
    )
    expect(message).toContain(
      '  {\n-   "designated": 3,\n-   "versions": 3,\n+   "designated": 2,\n+   "versions": 2,\n  }',
    )
    expect(failure(() => expect(simulator).toHavePreset('Default', 'hous'))).toContain(
      `Expected a preset "hous" in workspace ${workspaces.default} (Default); it has: house.`,
    )
    expect(failure(() => expect(simulator).toHavePreset('Nowhere', 'house'))).toContain(
      `No router workspace "Nowhere". Workspaces: ${workspaces.default} (Default), ${workspaces.teamB} (Team B), ${workspaces.locked} (Locked).`,
    )
  })
})

describe('toHaveUser', () => {
  it('matches an account by e-mail in any case, with its role and activity', async () => {
    const simulator = await withTraffic()
    expect(simulator).toHaveUser('acme', 'Romeo@ACME.example', {
      role: 'member',
      isActive: true,
      fullName: 'Romeo',
    })
    expect(simulator).toHaveUser('acme', 'cordelia@acme.example', { isActive: false })
    expect(simulator).not.toHaveUser('acme', 'juliet@acme.example')
  })

  it('shows a diff, the accounts that exist, or the organizations', async () => {
    const simulator = await withTraffic()
    const message = failure(() =>
      expect(simulator).toHaveUser('acme', 'romeo@acme.example', { role: 'administrator' }),
    )
    expect(message).toContain('The account romeo@acme.example of "acme" differs:\n')
    expect(message).toContain('  {\n-   "role": "administrator",\n+   "role": "member",\n  }')
    expect(failure(() => expect(simulator).toHaveUser('acme', 'juliet@acme.example'))).toContain(
      'Expected an account juliet@acme.example in "acme"; it has: desdemona@acme.example, iago@acme.example,',
    )
    expect(failure(() => expect(simulator).toHaveUser('globex', 'x@globex.example'))).toContain(
      'No messaging organization "globex". Organizations: acme.',
    )
  })
})

describe('the asymmetric forms', () => {
  it('match a simulator inside another value', async () => {
    const simulator = await withTraffic()
    expect({ simulator }).toEqual({
      simulator: expect.toHaveReceived({ operation: 'create-user', status: 400 }),
    })
    expect({ simulator }).not.toEqual({
      simulator: expect.toHaveUser('acme', 'juliet@acme.example'),
    })
  })
})
