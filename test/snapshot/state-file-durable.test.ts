/**
 * A write to a service, and a change on the control surface, is answered only once the state file holds it
 * (`--state-file`): the file read right after the answer has it, with either engine, without waiting for a
 * background save. (Under `kill -9`: `cli-state-file.test.ts`.)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'
import { accounts, basic, keys } from '../support/credentials.js'
import { NOW } from './support.js'

let folder: string
let file: string
let server: RunningServer | undefined

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'understudy-durable-'))
  file = join(folder, 'demo.json')
})
afterEach(async () => {
  await server?.close()
  server = undefined
  await rm(folder, { recursive: true, force: true })
})

const onDisk = async () => JSON.parse(await readFile(file, 'utf8'))

describe.each(['direct', 'msw'] as const)('the %s engine with a state file', (engine) => {
  it('answers each write once the file holds it', async () => {
    server = await startServer({ port: 0, seed: 'durable', now: NOW, stateFile: file, engine })
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${server.services.router}/presets/kept-${i}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'system', content: `Keep ${i}.` }] }),
      })
      expect(response.status).toBe(200)
      await response.arrayBuffer()
      const slugs = (await onDisk()).services.router.presets.map((p: { slug: string }) => p.slug)
      expect(slugs).toEqual(Array.from({ length: i + 1 }, (_, n) => `kept-${n}`))
    }
    const user = await fetch(`${server.services.messaging.acme}/api/v1/users`, {
      method: 'POST',
      headers: {
        authorization: basic(accounts.iago),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=kept%40acme.example&password=correct-horse-9&full_name=Kept',
    })
    expect(user.status).toBe(200)
    await user.arrayBuffer()
    const emails = (await onDisk()).services.messaging.users.map((u: { email: string }) => u.email)
    expect(emails).toContain('kept@acme.example')
    // A control change too: the clock moved is on disk when the answer comes.
    const moved = await fetch(`${server.url}/__understudy/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 86_400_000 }),
    })
    expect(moved.status).toBe(200)
    await moved.arrayBuffer()
    expect((await onDisk()).clock.fixedAt).toBe(Date.parse(NOW) + 86_400_000)
  })

  it('answers an inference once the file holds the id source it moved (no generation id repeats after a restart)', async () => {
    server = await startServer({ port: 0, seed: 'durable', now: NOW, stateFile: file, engine })
    const response = await fetch(`${server.services.router}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'Hi' }] }),
    })
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    // Nothing but the ids changed: before, no save was made at all (the file did not exist).
    expect((await onDisk()).ids).toEqual(server.simulator.snapshot().ids)
  })
})
