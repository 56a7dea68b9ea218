/**
 * The journal's record of each inference: the request as sent (`body`), and in `inference` the preset and
 * version applied, the effective request after the merge (a copy, counted against the byte budget, cut
 * like a body when longer than the body prefix), the model and provider that answered, the stream, the
 * generation id and the script. Filters on it (`preset`, `presetVersion`, `model`, `scripted`) in process
 * and as query parameters of `GET /__understudy/journal`, `/journal/count` and `/journal.har`.
 */
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../../src/entries/index.js'
import { workspaces } from '../../support/credentials.js'
import { useServer } from '../../support/server.js'
import { NOW, post, presetScenario, presetSimulator } from './support.js'

const ask = (model: string, extra: Record<string, unknown> = {}) => ({
  model,
  messages: [{ role: 'user', content: 'Write the welcome email.' }],
  ...extra,
})

/** The seeded preset `email-copywriter`: its id and its designated (second) version's id. */
function copywriter(simulator: ReturnType<typeof presetSimulator>) {
  const preset = simulator.router
    .presets(workspaces.default)
    .find((candidate) => candidate.slug === 'email-copywriter')
  if (!preset) throw new Error('the scenario has email-copywriter')
  return { id: preset.id, versionId: preset.designated_version_id }
}

/** The version 2 config of `email-copywriter`, merged under a chat request. */
const mergedChat = {
  model: 'anthropic/claude-sonnet-4.5',
  temperature: 0.2,
  max_tokens: 300,
  provider: { order: ['amazon-bedrock', 'anthropic'] },
  tools: [
    { type: 'function', function: { name: 'lookup_customer' } },
    { type: 'router:web_search' },
  ],
  messages: [
    { role: 'system', content: 'You write short emails.' },
    { role: 'user', content: 'Write the welcome email.' },
  ],
}

describe('the journal records each inference', () => {
  it('a streamed chat completion by @preset/<slug>: the request as sent, and what was applied', async () => {
    const simulator = presetSimulator()
    const sent = ask('@preset/email-copywriter', { stream: true })
    const answer = await post(simulator, '/chat/completions', sent)
    expect(answer.status).toBe(200)
    const entry = simulator.journal.last({ operation: 'sendChatCompletionRequest' })
    expect(entry?.body).toEqual(sent)
    expect(entry?.response).toBe(answer.text)
    expect(entry?.inference).toEqual({
      endpoint: 'chat',
      requestedModel: '@preset/email-copywriter',
      preset: { slug: 'email-copywriter', form: 'model', version: 2, ...copywriter(simulator) },
      effectiveRequest: { ...mergedChat, stream: true },
      model: 'anthropic/claude-sonnet-4.5',
      provider: 'Amazon Bedrock',
      stream: true,
      generationId: answer.headers['x-generation-id'],
      script: null,
    })
  })

  it('the preset field and the model suffix on chat: the model named wins, the form is recorded', async () => {
    const simulator = presetSimulator()
    await post(simulator, '/chat/completions', ask('openai/gpt-4o', { preset: 'email-copywriter' }))
    await post(simulator, '/chat/completions', ask('openai/gpt-4o@preset/email-copywriter'))
    const [field, suffix] = simulator.journal
      .entries({ operation: 'sendChatCompletionRequest' })
      .map((entry) => entry.inference)
    expect(field).toMatchObject({
      requestedModel: 'openai/gpt-4o',
      preset: { slug: 'email-copywriter', form: 'field', version: 2 },
      model: 'openai/gpt-4o',
      provider: 'Amazon Bedrock',
    })
    // The `preset` field names the preset; it is not sent on.
    expect(field?.effectiveRequest).toEqual({ ...mergedChat, model: 'openai/gpt-4o' })
    expect(suffix).toMatchObject({
      requestedModel: 'openai/gpt-4o@preset/email-copywriter',
      preset: { form: 'model-suffix' },
      model: 'openai/gpt-4o',
      effectiveRequest: { model: 'openai/gpt-4o', temperature: 0.2 },
    })
  })

  it('messages and responses by model, and the script that answered', async () => {
    const simulator = presetSimulator()
    const script = simulator.router.script({
      name: 'greeting',
      match: { endpoint: 'responses' },
      response: ['Hi.', 'Hello again.'],
    })
    await post(simulator, '/messages', {
      model: '@preset/email-copywriter',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hello' }],
    })
    await post(simulator, '/responses', { model: '@preset/email-copywriter', input: 'Hello' })
    await post(simulator, '/responses', { model: 'openai/gpt-4o', input: 'Hello', stream: true })
    const messages = simulator.journal.last({ operation: 'createMessages' })
    expect(messages?.inference).toMatchObject({
      endpoint: 'messages',
      preset: { slug: 'email-copywriter', version: 2 },
      model: 'anthropic/claude-sonnet-4.5',
      stream: false,
      script: null,
    })
    expect(messages?.inference?.effectiveRequest).toMatchObject({
      system: 'You write short emails.',
      max_tokens: 100,
    })
    expect(
      simulator.journal.entries({ operation: 'createResponses' }).map((entry) => entry.inference),
    ).toMatchObject([
      {
        endpoint: 'responses',
        preset: { slug: 'email-copywriter' },
        effectiveRequest: { instructions: 'You write short emails.', input: 'Hello' },
        script: { id: script.id, name: 'greeting', answer: 0 },
      },
      {
        requestedModel: 'openai/gpt-4o',
        preset: null,
        effectiveRequest: { model: 'openai/gpt-4o', input: 'Hello', stream: true },
        stream: true,
        script: { id: script.id, name: 'greeting', answer: 1 },
      },
    ])
  })

  it('null for an inference refused before an answer or answered by a fault; absent elsewhere', async () => {
    const simulator = presetSimulator()
    await post(simulator, '/chat/completions', ask('@preset/missing'))
    await post(simulator, '/chat/completions', ask('a/b'), null)
    simulator.faults.inject({ operation: 'createResponses', status: 503, times: 1 })
    await post(simulator, '/responses', { model: 'a/b', input: 'x' })
    await post(simulator, '/presets/x/chat/completions', ask('a/b'))
    const entries = simulator.journal.entries()
    expect(entries.map((entry) => [entry.status, entry.inference])).toEqual([
      [404, null],
      [401, null],
      [503, null],
      [200, undefined],
    ])
    expect(Object.hasOwn(entries[3] as object, 'inference')).toBe(false)
  })

  it('keeps a copy: what a reader changes, and the preset changed later, change nothing kept', async () => {
    const simulator = presetSimulator()
    await post(simulator, '/chat/completions', ask('@preset/email-copywriter'))
    const first = simulator.journal.last()
    const request = first?.inference?.effectiveRequest as Record<string, unknown>
    request.temperature = 1
    ;(request.messages as unknown[]).length = 0
    // A new version of the preset, designated at once.
    await post(simulator, '/presets/email-copywriter/chat/completions', {
      model: 'x/y',
      temperature: 0.7,
      messages: [{ role: 'system', content: 'New.' }],
    })
    const again = simulator.journal.entries({ operation: 'sendChatCompletionRequest' })[0]
    expect(again?.inference?.effectiveRequest).toEqual(mergedChat)
  })

  it('keeps a copy of what the preset lends: its config changed through the caller’s objects afterwards changes nothing kept', async () => {
    // The scenario's objects and what `router.presets()` lists share the stored config's nested values.
    const scenario = presetScenario()
    const simulator = createSimulator({ seed: 'inference', now: NOW, scenario })
    await post(simulator, '/chat/completions', ask('@preset/email-copywriter'))
    const seeded = scenario.router.workspaces[0]?.presets[0]?.versions[1]?.config as {
      provider: { order: string[] }
      tools: Array<Record<string, unknown>>
    }
    seeded.provider.order.push('openai')
    seeded.tools.length = 0
    const listed = simulator.router
      .presets(workspaces.default)
      .find((preset) => preset.slug === 'email-copywriter')?.versions[1]?.config as Record<
      string,
      unknown
    >
    listed.temperature = 2
    expect(simulator.journal.last()?.inference?.effectiveRequest).toEqual(mergedChat)
  })

  it('reads a record holding more than plain data as JSON gives it (a Date in a seeded config)', async () => {
    const scenario = presetScenario()
    const presets: Array<{ slug: string; versions: Array<{ config: Record<string, unknown> }> }> =
      scenario.router.workspaces[0]?.presets ?? []
    presets.push({
      slug: 'dated',
      versions: [{ config: { model: 'a/b', metadata: { since: new Date(0) } } }],
    })
    const simulator = createSimulator({ seed: 'inference', now: NOW, scenario })
    const answer = await post(simulator, '/chat/completions', ask('@preset/dated'))
    expect(answer.status).toBe(200)
    expect(simulator.journal.last()?.inference?.effectiveRequest).toEqual({
      model: 'a/b',
      metadata: { since: '1970-01-01T00:00:00.000Z' },
      messages: [{ role: 'user', content: 'Write the welcome email.' }],
    })
  })

  it('counts a small inference against the byte budget: at least its JSON, beyond the response', async () => {
    const simulator = presetSimulator()
    let before = simulator.journal.bytes
    const refused = await post(simulator, '/chat/completions', ask('@preset/email-copywritex'))
    const withoutInference = simulator.journal.bytes - before
    before = simulator.journal.bytes
    const answered = await post(simulator, '/chat/completions', ask('@preset/email-copywriter'))
    const withInference = simulator.journal.bytes - before
    expect([refused.status, answered.status]).toEqual([404, 200])
    const inference = simulator.journal.last()?.inference
    expect(withInference - withoutInference).toBeGreaterThanOrEqual(
      answered.text.length - refused.text.length + JSON.stringify(inference).length,
    )
  })

  it('redacts secret-named fields of the effective request as of the body', async () => {
    const simulator = presetSimulator()
    await post(simulator, '/chat/completions', ask('a/b', { metadata: { api_key: 'sk-secret' } }))
    const entry = simulator.journal.last()
    expect(entry?.body).toMatchObject({ metadata: { api_key: '[redacted]' } })
    expect(entry?.inference?.effectiveRequest).toMatchObject({
      metadata: { api_key: '[redacted]' },
    })
  })

  it('counts the effective request against the byte budget, and cuts one longer than the body prefix', async () => {
    const prompt = 'p'.repeat(300 * 1024)
    const simulator = createSimulator({ seed: 'journal', scenario: presetScenario() })
    await post(simulator, '/presets/long/chat/completions', {
      model: 'a/b',
      messages: [{ role: 'system', content: prompt }],
    })
    const before = simulator.journal.bytes
    await post(simulator, '/chat/completions', ask('@preset/long'))
    // The request is small; the preset's prompt is in the effective request the entry keeps.
    expect(simulator.journal.bytes - before).toBeGreaterThan(256 * 1024)
    const inference = simulator.journal.last()?.inference
    expect(inference?.effectiveRequestTruncated).toBe(true)
    expect(inference?.effectiveRequestSize).toBe(
      JSON.stringify({
        model: 'a/b',
        messages: [
          { role: 'system', content: prompt },
          { role: 'user', content: 'Write the welcome email.' },
        ],
      }).length,
    )
    const kept = inference?.effectiveRequest as string
    expect(kept).toHaveLength(256 * 1024)
    expect(kept.startsWith('{"model":"a/b","messages":[{"role":"system","content":"ppp')).toBe(true)
    expect(inference).toMatchObject({ preset: { slug: 'long', version: 1 }, model: 'a/b' })
  })
})

describe('filters on what an inference applied', () => {
  async function traffic() {
    const simulator = presetSimulator()
    simulator.router.script({ match: { model: 'openai/gpt-4o' }, response: 'Scripted.' })
    await post(simulator, '/chat/completions', ask('@preset/email-copywriter'))
    await post(simulator, '/chat/completions', ask('openai/gpt-4o@preset/email-copywriter'))
    await post(simulator, '/responses', { model: 'x/y', input: 'Hello' })
    await post(simulator, '/presets', {})
    return simulator
  }
  const seqs = (entries: Array<{ seq: number }>) => entries.map((entry) => entry.seq)

  it('preset, presetVersion, model and scripted, alone and together', async () => {
    const simulator = await traffic()
    expect(seqs(simulator.journal.entries({ preset: 'email-copywriter' }))).toEqual([1, 2])
    expect(seqs(simulator.journal.entries({ presetVersion: 2 }))).toEqual([1, 2])
    expect(simulator.journal.count({ presetVersion: 1 })).toBe(0)
    expect(seqs(simulator.journal.entries({ model: 'openai/gpt-4o' }))).toEqual([2])
    expect(seqs(simulator.journal.entries({ scripted: true }))).toEqual([2])
    expect(seqs(simulator.journal.entries({ scripted: false }))).toEqual([1, 3])
    expect(
      simulator.journal.last({ preset: 'email-copywriter', scripted: false, status: 200 })?.seq,
    ).toBe(1)
    expect(simulator.journal.count({ service: 'router', model: 'x/y' })).toBe(1)
  })

  it('waitFor an inference a later request makes', async () => {
    const simulator = await traffic()
    const after = simulator.journal.last()?.seq ?? 0
    const waited = simulator.journal.waitFor({ preset: 'email-copywriter' }, { after })
    await post(
      simulator,
      '/chat/completions',
      ask('openai/gpt-4o-mini', { preset: 'email-copywriter' }),
    )
    expect((await waited).inference?.model).toBe('openai/gpt-4o-mini')
  })

  it('a failed waitFor lists the closest entries with what they applied', async () => {
    const simulator = await traffic()
    await expect(
      simulator.journal.waitFor({ preset: 'email-copywriter', model: 'x/y' }, { timeoutMs: 10 }),
    ).rejects.toThrow(
      '[understudy] Failed to find a journal entry matching { preset: "email-copywriter", model: "x/y" } within 10 ms.\n' +
        'The closest of 4 journal entries:\n' +
        `  #3 POST /responses → 200 (createResponses, ${workspaces.default}) [model x/y]\n` +
        '      preset: expected "email-copywriter", received null\n' +
        `  #2 POST /chat/completions → 200 (sendChatCompletionRequest, ${workspaces.default}) [preset email-copywriter v2, model openai/gpt-4o, script #1]\n` +
        '      model: expected "x/y", received "openai/gpt-4o"\n' +
        `  #1 POST /chat/completions → 200 (sendChatCompletionRequest, ${workspaces.default}) [preset email-copywriter v2, model anthropic/claude-sonnet-4.5]\n` +
        '      model: expected "x/y", received "anthropic/claude-sonnet-4.5"\n' +
        '  … and 1 more',
    )
  })
})

describe('over HTTP, on the standalone server', () => {
  const server = useServer({
    seed: 'journal',
    now: '2026-04-01T00:00:00Z',
    scenario: presetScenario(),
  })
  const controlGet = async (path: string) => {
    const response = await fetch(`${server.url}/__understudy${path}`)
    return { status: response.status, body: (await response.json()) as any }
  }

  it('filters the journal, its count and its HAR by preset, version, model and scripted', async () => {
    await server.simulator.reset()
    const chat = (body: unknown) =>
      fetch(`${server.services.router}/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk-or-v1-understudy-default-inference',
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }).then((response) => response.text())
    const streamed = await chat(ask('@preset/email-copywriter', { stream: true }))
    await chat(ask('openai/gpt-4o'))
    const { status, body } = await controlGet(
      '/journal?preset=email-copywriter&presetVersion=2&model=anthropic%2Fclaude-sonnet-4.5&scripted=false',
    )
    expect(status).toBe(200)
    expect(body.count).toBe(1)
    expect(body.entries[0].inference).toMatchObject({
      preset: { slug: 'email-copywriter', version: 2 },
      stream: true,
    })
    expect(await controlGet('/journal/count?scripted=false')).toEqual({
      status: 200,
      body: { count: 2 },
    })
    const har = await controlGet('/journal.har?preset=email-copywriter')
    expect(har.body.log.entries).toHaveLength(1)
    expect(har.body.log.entries[0].response.content).toMatchObject({
      mimeType: 'text/event-stream',
      text: streamed,
    })
  })

  it('refuses bad values and repeated parameters, naming them', async () => {
    const refused = (message: string) => ({
      status: 400,
      body: { error: { message: `[understudy] Failed to read the journal: ${message}.` } },
    })
    expect(await controlGet('/journal?presetVersion=0')).toEqual(
      refused('presetVersion: must be a version number from 1 (got "0")'),
    )
    expect(await controlGet('/journal/count?scripted=yes')).toEqual(
      refused('scripted: must be true or false (got "yes")'),
    )
    expect(await controlGet('/journal.har?preset=a&preset=b')).toEqual(
      refused('preset: is given more than once'),
    )
  })
})
