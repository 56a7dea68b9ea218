/**
 * The router's scripts over the control surface (`/__understudy/router/scripts`): added in a scenario's shape
 * (JSON, patterns in RE2 syntax), listed (also in discovery), removed one by one or all; every input checked
 * (400 naming the field, 404 for an id that is not a script added), bounded in count and size. The scripted
 * answer goes out the same, to the byte, through the server's `direct` and `msw` engines.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/entries/server/index.js'
import { problem, routerKey, send, useBothEngines } from './support.js'

const { direct, viaMsw } = useBothEngines({ seed: 'scripts-http', now: '2026-04-01T00:00:00Z' })
const json = { 'content-type': 'application/json' }

const control = (server: RunningServer, method: string, path: string, body?: unknown) =>
  send(`${server.url}/__understudy${path}`, {
    method,
    headers: body === undefined ? {} : json,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })

const chat = (server: RunningServer, content: string, stream = false) =>
  send(`${server.url}/router/api/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: routerKey, ...json },
    body: JSON.stringify({ model: 'openai/gpt-4o', stream, messages: [{ role: 'user', content }] }),
  })

const refund = {
  name: 'refunds',
  match: { userMessage: { pattern: '(?i)refund' }, endpoint: 'chat' },
  response: ['Your refund is on its way.', { content: 'Still on its way.', chunkSize: 5 }],
}

afterEach(async () => {
  await direct.simulator.reset()
  await viaMsw.simulator.reset()
})

describe('POST, GET and DELETE /__understudy/router/scripts', () => {
  it('adds a script that answers through both engines with the same bytes, and lists it', async () => {
    const answers: string[] = []
    for (const server of [direct, viaMsw]) {
      const added = await control(server, 'POST', '/router/scripts', refund)
      expect(added).toMatchObject({ status: 201, body: '{"id":1,"name":"refunds"}' })
      const first = await chat(server, 'A REFUND, please')
      expect(JSON.parse(first.body).choices[0].message.content).toBe('Your refund is on its way.')
      const streamed = await chat(server, 'Where is my refund?', true)
      expect(streamed.headers['content-type']).toBe('text/event-stream')
      answers.push(first.body, streamed.body)
      expect(JSON.parse((await chat(server, 'Hello')).body).choices[0].message.content).toBe(
        'This is a simulated answer from openai/gpt-4o.',
      )
      const listed = await control(server, 'GET', '/router/scripts')
      expect(listed.status).toBe(200)
      expect(JSON.parse(listed.body)).toEqual([
        {
          id: 1,
          name: 'refunds',
          source: 'test',
          calls: 2,
          match: { userMessage: { pattern: '(?i)refund' }, endpoint: 'chat' },
          responses: 2,
        },
      ])
      const discovery = JSON.parse((await control(server, 'GET', '')).body)
      expect(discovery.services.router.scripts).toEqual(JSON.parse(listed.body))
    }
    expect(answers.slice(2)).toEqual(answers.slice(0, 2))
    expect(answers[1]).toContain('"content":"Still"')
  })

  it('removes one script, then every script added; 404 for an id no script added has', async () => {
    const server = direct
    await control(server, 'POST', '/router/scripts', { response: 'one' })
    await control(server, 'POST', '/router/scripts', { name: 'two', response: 'two' })
    await control(server, 'POST', '/router/scripts', { response: 'three' })
    const removed = await control(server, 'DELETE', '/router/scripts/1')
    expect(removed.status).toBe(200)
    expect(JSON.parse(removed.body).map((script: { id: number }) => script.id)).toEqual([2, 3])
    expect(JSON.parse((await chat(server, 'x')).body).choices[0].message.content).toBe('two')
    expect(await control(server, 'DELETE', '/router/scripts/1')).toMatchObject({
      status: 404,
      body: problem(
        "No script 1 added to remove (a scenario's scripts stay until a reset or another scenario). See GET /__understudy/router/scripts.",
      ),
    })
    expect(await control(server, 'DELETE', '/router/scripts')).toMatchObject({
      status: 200,
      body: '[]',
    })
    expect(server.simulator.router.scripts()).toEqual([])
  })

  it.each<[string, unknown, string]>([
    [
      'a pattern RE2 refuses',
      { match: { userMessage: { pattern: '(a)\\1' } }, response: 'x' },
      'match.userMessage.pattern: must be a regular expression in RE2 syntax, without backreferences or lookaround (invalid escape sequence: `\\1`).',
    ],
    ['a RegExp-like object', { match: { model: { regexp: '/a/' } }, response: 'x' }, 'match.model'],
    ['an unknown field', { response: 'x', priority: 1 }, 'priority: unknown field'],
    ['no response', { match: {} }, 'response'],
    [
      'an error status out of range',
      { response: { error: { message: 'x' }, status: 200 } },
      'response',
    ],
    [
      'too many tool calls',
      { response: { toolCalls: Array(129).fill({ name: 'f' }) } },
      'response',
    ],
  ])('refuses %s with 400 naming the field', async (_, body, named) => {
    const answer = await control(direct, 'POST', '/router/scripts', body)
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body).error.message).toMatch(
      /^\[understudy\] Failed to add a script: /,
    )
    expect(JSON.parse(answer.body).error.message).toContain(named)
    expect(direct.simulator.router.scripts()).toEqual([])
  })

  it('refuses a body that is not a JSON object, and a body on DELETE', async () => {
    expect(await control(direct, 'POST', '/router/scripts', '[1]')).toMatchObject({
      status: 400,
      body: problem('the body must be a JSON object'),
    })
    expect((await control(direct, 'DELETE', '/router/scripts', { id: 1 })).status).toBe(400)
  })

  it('bounds the scripts added: 200 of them, 1 MiB each as JSON, 16 MiB together', async () => {
    const big = { response: 'x'.repeat(1024 * 1024) }
    expect(await control(direct, 'POST', '/router/scripts', big)).toMatchObject({
      status: 400,
      body: problem(
        `[understudy] Failed to add a script: it holds ${JSON.stringify({ match: {}, response: big.response }).length} bytes of JSON, more than 1048576.`,
      ),
    })
    const large = { response: 'x'.repeat(1000 * 1024) }
    for (let i = 0; i < 16; i++)
      expect((await control(direct, 'POST', '/router/scripts', large)).status).toBe(201)
    expect(await control(direct, 'POST', '/router/scripts', large)).toMatchObject({
      status: 400,
      body: problem(
        '[understudy] Failed to add a script: the scripts added would hold more than 16777216 bytes of JSON together; remove one first.',
      ),
    })
    await control(direct, 'DELETE', '/router/scripts')
    for (let i = 0; i < 200; i++) direct.simulator.router.script({ response: `${i}` })
    expect(
      await control(direct, 'POST', '/router/scripts', { response: 'one more' }),
    ).toMatchObject({
      status: 400,
      body: problem(
        '[understudy] Failed to add a script: 200 scripts are there, the most a test may add; remove one first.',
      ),
    })
  })

  it('streams a long scripted answer in at most 10,000 chunks, whatever its chunkSize', async () => {
    const text = 'abcd'.repeat(10_000)
    await control(direct, 'POST', '/router/scripts', { response: { content: text, chunkSize: 1 } })
    const streamed = await chat(direct, 'x', true)
    const deltas = streamed.body
      .split('\n\n')
      .filter((event) => event.startsWith('data: {'))
      .map((event) => JSON.parse(event.slice(6)).choices[0]?.delta?.content ?? '')
      .filter((content: string) => content !== '')
    expect(deltas.join('')).toBe(text)
    expect(deltas).toHaveLength(10_000)
    expect(deltas[0]).toBe('abcd')
  })
})
