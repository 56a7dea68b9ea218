/**
 * The chat-completions skin's request rules beyond one body per case (those run over every dialect
 * in `create-preset.test.ts`, from `dialects/chat-rules.ts`): several issues at once, big integers,
 * nothing stored for a refused body, the shared rules on the other skins, prototype-named keys.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { call, createPreset, invalid, routerOptions } from '../support/router.js'
import { chat } from './dialects/chat.js'
import { chars, items } from './dialects/chat-rules.js'

useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

const user = chat.base.messages

describe('POST /presets/{slug}/chat/completions request rules', () => {
  it('reports one issue per unknown provider key', async () => {
    const { status, body } = await createPreset('rules', {
      messages: user,
      provider: { speed: 'fast', order: ['a'], region: 'eu' },
    })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid(
        { path: 'provider.speed', message: 'unrecognized key' },
        { path: 'provider.region', message: 'unrecognized key' },
      ),
    )
  })

  it('lists every issue of a body failing several rules, in body order, cross-field rules last', async () => {
    const { status, body } = await createPreset('rules', {
      temperature: 3,
      reasoning_effort: 'high',
      stop: ['a', 'b', 'c', 'd', 'e'],
      provider: { colour: 'red' },
      reasoning: { effort: 'low' },
      session_id: chars(257),
      plugins: [{ id: 'fusion', max_tool_calls: 0, analysis_models: [] }],
      metadata: { k: 1 },
    })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid(
        { path: 'temperature', message: 'must be at most 2' },
        { path: 'stop', message: 'must contain at most 4 items' },
        { path: 'provider.colour', message: 'unrecognized key' },
        { path: 'session_id', message: 'must be at most 256 characters' },
        { path: 'plugins[0].analysis_models', message: 'must contain at least 1 item' },
        { path: 'plugins[0].max_tool_calls', message: 'must be at least 1' },
        { path: 'metadata.k', message: 'must be a string' },
        { path: 'messages', message: 'is required' },
        { path: 'reasoning_effort', message: 'must equal reasoning.effort when both are sent' },
      ),
    )
  })

  it('takes whole numbers past 2^53 as integers, with only the range rule firing', async () => {
    const big = '1152921504606846976'
    const accepted = await call('POST', '/presets/big/chat/completions', {
      rawBody: `{"messages":[{"role":"user","content":"x"}],"seed":${big}}`,
    })
    expect(accepted.status).toBe(200)
    // JSON numbers are doubles here, as in any JavaScript server: the value comes back rounded.
    expect(accepted.text).toContain(`"config":{"seed":${Number(big)}}`)
    const refused = await call('POST', '/presets/big/chat/completions', {
      rawBody: `{"messages":[{"role":"user","content":"x"}],"top_logprobs":${big}}`,
    })
    expect(refused.body).toEqual(invalid({ path: 'top_logprobs', message: 'must be at most 20' }))
  })

  it('stores nothing for a rejected request: the slug stays unknown', async () => {
    const rejectedCreate = await createPreset('never', { messages: user, temperature: 5 })
    expect(rejectedCreate.status).toBe(400)
    const { status, body } = await call('GET', '/presets/never')
    expect(status).toBe(404)
    expect(body).toEqual({ error: { code: 404, message: 'Preset not found' } })
  })

  it('adds no version to an existing preset for a rejected request', async () => {
    await createPreset('kept', { messages: user, model: 'm/1' })
    expect((await createPreset('kept', { messages: user, top_p: 2 })).status).toBe(400)
    const { body } = await call('GET', '/presets/kept')
    expect((body as any).data.designated_version.version).toBe(1)
    expect((body as any).data.designated_version.config).toEqual({ model: 'm/1' })
    const versions = await call('GET', '/presets/kept/versions')
    expect((versions.body as any).total_count).toBe(1)
  })

  it.each([
    ['messages', { model: 'm/1', messages: user }, { temperature: 2.5, top_p: 1.5 }],
    [
      'responses',
      {},
      {
        temperature: 2.5,
        top_p: 1.5,
        frequency_penalty: -3,
        presence_penalty: 3,
        top_logprobs: 21,
      },
    ],
  ])(
    'applies no chat range on the %s skin, whose schema states none',
    async (skin, base, fields) => {
      const { status, body } = await call('POST', `/presets/ranges/${skin}`, {
        body: { ...base, ...fields },
      })
      expect(status).toBe(200)
      expect((body as any).data.designated_version.config).toEqual({
        ...('model' in base ? { model: 'm/1' } : {}),
        ...fields,
      })
    },
  )

  it('keeps the chat ranges on the chat skin, from the seed', async () => {
    const { status, body } = await createPreset('ranges', {
      messages: user,
      temperature: 2.5,
      top_p: 1.5,
      frequency_penalty: -3,
      presence_penalty: 3,
      top_logprobs: 21,
    })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid(
        { path: 'temperature', message: 'must be at most 2' },
        { path: 'top_p', message: 'must be at most 1' },
        { path: 'frequency_penalty', message: 'must be at least -2' },
        { path: 'presence_penalty', message: 'must be at most 2' },
        { path: 'top_logprobs', message: 'must be at most 20' },
      ),
    )
  })

  it.each([
    ['messages', { model: 'm/1', messages: user }],
    ['responses', {}],
  ])('applies the plugin and provider rules on the %s skin too', async (skin, fields) => {
    const { status, body } = await call('POST', `/presets/rules/${skin}`, {
      body: {
        ...fields,
        provider: { extra: true },
        plugins: [{ id: 'fusion', analysis_models: items(9, (i) => `m/${i}`) }],
        session_id: chars(257),
      },
    })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid(
        { path: 'provider.extra', message: 'unrecognized key' },
        { path: 'plugins[0].analysis_models', message: 'must contain at most 8 items' },
        { path: 'session_id', message: 'must be at most 256 characters' },
      ),
    )
  })
})

describe('POST /presets/{slug}/chat/completions with prototype-named keys', () => {
  const messages = '"messages":[{"role":"user","content":"Hi"}]'
  const protoKeys =
    '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}'

  async function createRaw(rawBody: string) {
    const response = await call('POST', '/presets/proto/chat/completions', { rawBody })
    expect(({} as any).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    return response
  }

  it.each([
    [
      'logit_bias',
      '"logit_bias":{"__proto__":1,"constructor":-2,"prototype":3}',
      '{"logit_bias":{"__proto__":1,"constructor":-2,"prototype":3}}',
    ],
    [
      'plugin options',
      `"plugins":[{"id":"web",${protoKeys}}]`,
      `{"plugins":[{"id":"web",${protoKeys}}]}`,
    ],
    [
      'provider.max_price',
      `"provider":{"max_price":{${protoKeys},"prompt":"1"}}`,
      `{"provider":{"max_price":{${protoKeys},"prompt":"1"}}}`,
    ],
    [
      'image_config',
      '"image_config":{"__proto__":"a","constructor":1,"prototype":["x"]}',
      '{"image_config":{"__proto__":"a","constructor":1,"prototype":["x"]}}',
    ],
    [
      'a json_schema schema and function parameters',
      `"response_format":{"type":"json_schema","json_schema":{"name":"n","schema":{${protoKeys}}}},"tools":[{"type":"function","function":{"name":"f","parameters":{${protoKeys}}}}]`,
      `{"response_format":{"type":"json_schema","json_schema":{"name":"n","schema":{${protoKeys}}}},"tools":[{"type":"function","function":{"name":"f","parameters":{${protoKeys}}}}]}`,
    ],
  ])(
    'stores __proto__, constructor and prototype keys of %s as plain data',
    async (_, fields, config) => {
      const { status, body, text } = await createRaw(`{${messages},${fields}}`)
      expect(status).toBe(200)
      expect(text).toContain(`"config":${config}`)
      expect((body as any).data.designated_version.config).toEqual(JSON.parse(config))
      const read = await call('GET', '/presets/proto')
      expect(read.text).toContain(`"config":${config}`)
      expect(({} as any).polluted).toBeUndefined()
    },
  )

  it('validates metadata keys named __proto__, constructor and prototype as data, then drops metadata', async () => {
    const ok = await createRaw(
      `{${messages},"metadata":{"__proto__":"a","constructor":"b","prototype":"c"},"model":"m/1"}`,
    )
    expect(ok.status).toBe(200)
    expect(ok.text).toContain('"config":{"model":"m/1"}')
    const bad = await createRaw(
      `{${messages},"metadata":{"__proto__":{"polluted":true},"constructor":"${chars(513)}"}}`,
    )
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual(
      invalid(
        { path: 'metadata.__proto__', message: 'must be a string' },
        { path: 'metadata.constructor', message: 'must be at most 512 characters' },
      ),
    )
  })

  it('counts a __proto__ key among the 17 metadata pairs', async () => {
    const sixteen = items(16, (i) => `"k${i}":"v"`).join(',')
    const { status, body } = await createRaw(
      `{${messages},"metadata":{"__proto__":"v",${sixteen}}}`,
    )
    expect(status).toBe(400)
    expect(body).toEqual(invalid({ path: 'metadata', message: 'must contain at most 16 entries' }))
  })

  it('refuses a __proto__ key in provider as an unrecognized key', async () => {
    const { status, body } = await createRaw(
      `{${messages},"provider":{"__proto__":{"polluted":true}}}`,
    )
    expect(status).toBe(400)
    expect(body).toEqual(invalid({ path: 'provider.__proto__', message: 'unrecognized key' }))
  })

  it('drops top-level __proto__, constructor and prototype keys without storing them', async () => {
    const { status, text } = await createRaw(`{${protoKeys},${messages},"model":"m/1"}`)
    expect(status).toBe(200)
    expect(text).toContain('"config":{"model":"m/1"}')
  })
})
