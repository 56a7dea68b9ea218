/**
 * Keys such as `__proto__`, `constructor` and `prototype` in request data are stored and returned as
 * plain data, and never change any object's prototype: in `metadata`, `config`, `logit_bias`, plugin
 * options, tool parameters, form fields and the journal.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/simulator/simulator.js'
import {
  ACME,
  accounts,
  basic,
  fcOptions,
  fromEntries,
  jsonText,
  keys,
  NOW,
  nastyValue,
  PROTO_KEYS,
  ROUTER,
  send,
  workspaces,
} from './support.js'

const simulator = createSimulator({ seed: 'robust-prototype', now: NOW })
afterEach(() => simulator.reset())

const objectPrototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort()
const pristine = objectPrototypeKeys()

/** Every object reachable from a value has a plain prototype, and `Object.prototype` is untouched. */
function expectNoPollution(value: unknown) {
  expect(objectPrototypeKeys()).toEqual(pristine)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  const stack = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (item === null || typeof item !== 'object') continue
    expect([Object.prototype, Array.prototype, null]).toContain(Object.getPrototypeOf(item))
    for (const key of Object.keys(item)) stack.push((item as Record<string, unknown>)[key])
  }
}

const hostile = (marker: string) =>
  `{"__proto__":{"polluted":"${marker}"},"constructor":{"prototype":{"polluted":"${marker}"}},"prototype":{"polluted":"${marker}"}}`

const createPreset = (slug: string, body: string, skin = 'chat/completions') =>
  send(simulator, {
    method: 'POST',
    url: `${ROUTER}/presets/${slug}/${skin}`,
    headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
    body,
  })

describe('router: prototype keys are data', () => {
  it('stores logit_bias, plugin options, tool parameters and response schemas with those keys verbatim', async () => {
    const body = `{"messages":[{"role":"user","content":"x"}],
      "logit_bias":{"__proto__":1,"constructor":-2,"prototype":3},
      "plugins":[{"id":"web","__proto__":{"polluted":"plugin"},"constructor":"c","engine":"native"}],
      "tools":[{"type":"function","function":{"name":"f","parameters":${hostile('tool')}}}],
      "response_format":{"type":"json_schema","json_schema":{"name":"n","schema":${hostile('schema')}}},
      "metadata":{"__proto__":"m","constructor":"m","prototype":"m"}}`
    const response = await createPreset('proto', body)
    expect(response.status).toBe(200)
    const sent = JSON.parse(body)
    const { config } = JSON.parse(response.body).data.designated_version
    // JSON.parse makes `__proto__` an own key on both sides, so equal text means equal data.
    expect(JSON.stringify(config)).toBe(
      JSON.stringify(
        fromEntries(['logit_bias', 'plugins', 'tools', 'response_format'].map((k) => [k, sent[k]])),
      ),
    )
    expect(Object.keys(config.logit_bias)).toEqual(['__proto__', 'constructor', 'prototype'])
    expect(Object.keys(config.plugins[0])).toEqual(['id', '__proto__', 'constructor', 'engine'])

    const [stored] = simulator.router.presets(workspaces.default)
    const storedConfig = stored?.versions[0]?.config as Record<string, Record<string, unknown>>
    expect(Object.hasOwn(storedConfig.logit_bias as object, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(storedConfig.logit_bias)).toBe(Object.prototype)
    expectNoPollution(storedConfig)

    const read = await send(simulator, {
      method: 'GET',
      url: `${ROUTER}/presets/proto`,
      headers: { authorization: `Bearer ${keys.inference}` },
    })
    expect(JSON.stringify(JSON.parse(read.body).data.designated_version.config)).toBe(
      JSON.stringify(config),
    )
    expectNoPollution(simulator.journal.entries())
    expect(
      Object.keys(
        (simulator.journal.entries()[0]?.body as { logit_bias: object } | undefined)?.logit_bias ??
          {},
      ),
    ).toEqual(['__proto__', 'constructor', 'prototype'])
  })

  it('validates __proto__ metadata keys as data on the responses skin, and on the messages skin keeps metadata closed', async () => {
    const responses = await createPreset(
      'meta',
      `{"input":"x","metadata":{"__proto__":"${'v'.repeat(513)}"}}`,
      'responses',
    )
    expect(JSON.parse(responses.body).error.metadata.issues).toEqual([
      { path: 'metadata.__proto__', message: 'must be at most 512 characters' },
    ])
    const messages = await createPreset(
      'meta',
      '{"model":"m","messages":[{"role":"user","content":"x"}],"metadata":{"__proto__":{"x":1}}}',
      'messages',
    )
    expect(messages.status).toBe(200)
    expectNoPollution(simulator.router.presets(workspaces.default))
  })

  it('round-trips any JSON with prototype keys through tool parameters (property)', async () => {
    const withProtoKeys = fc
      .uniqueArray(
        fc.tuple(fc.constantFrom(...PROTO_KEYS, 'a', 'toString', 'hasOwnProperty'), nastyValue),
        {
          minLength: 1,
          maxLength: 5,
          selector: ([key]) => key,
        },
      )
      .map(fromEntries)
    let slug = 0
    await fc.assert(
      fc.asyncProperty(withProtoKeys, async (parameters) => {
        slug += 1
        const text = jsonText(parameters)
        const response = await createPreset(
          `p${slug}`,
          `{"messages":[{"role":"user","content":"x"}],"tools":[{"type":"x","parameters":${text}}]}`,
        )
        // Non-finite numbers make the JSON invalid (a 400); everything else is stored verbatim.
        if (response.status !== 200) return
        const stored = JSON.parse(response.body).data.designated_version.config.tools[0].parameters
        expect(JSON.stringify(stored)).toBe(JSON.stringify(JSON.parse(text)))
        expectNoPollution(stored)
      }),
      fcOptions(150),
    )
    expectNoPollution(simulator.router.presets(workspaces.default))
    expectNoPollution(simulator.journal.entries())
  })
})

describe('messaging: prototype keys are data', () => {
  const post = (path: string, body: string, contentType = 'application/x-www-form-urlencoded') =>
    send(simulator, {
      method: 'POST',
      url: `${ACME}/api/v1${path}`,
      headers: { authorization: basic(accounts.iago), 'content-type': contentType },
      body,
    })

  it('lists form fields named __proto__, constructor and prototype as unsupported, and journals them as data', async () => {
    const response = await post(
      '/users',
      'email=proto@acme.example&password=correct-horse&full_name=__proto__&__proto__=x&constructor=y&prototype=z',
    )
    expect(JSON.parse(response.body)).toEqual({
      result: 'success',
      msg: '',
      user_id: 8,
      ignored_parameters_unsupported: ['__proto__', 'constructor', 'prototype'],
    })
    expect(simulator.messaging.users('acme').at(-1)?.fullName).toBe('__proto__')
    const entry = simulator.journal.last()
    expect(Object.keys(entry?.body as object)).toEqual([
      'email',
      'password',
      'full_name',
      '__proto__',
      'constructor',
      'prototype',
    ])
    expect((entry?.body as Record<string, unknown> | undefined)?.password).toBe('[redacted]')
    expectNoPollution(entry)
  })

  it('reads multipart fields and query parameters with those names as data', async () => {
    const body = [
      '--b',
      'Content-Disposition: form-data; name="__proto__"',
      '',
      'polluted',
      '--b',
      'Content-Disposition: form-data; name="welcome_message_custom_text"',
      '',
      '__proto__',
      '--b--',
    ].join('\r\n')
    const response = await send(simulator, {
      method: 'POST',
      url: `${ACME}/api/v1/realm/test_welcome_bot_custom_message?constructor=1&prototype=2`,
      headers: {
        authorization: basic(accounts.iago),
        'content-type': 'multipart/form-data; boundary=b',
      },
      body,
    })
    expect(JSON.parse(response.body).ignored_parameters_unsupported).toEqual([
      '__proto__',
      'constructor',
      'prototype',
    ])
    expect(simulator.messaging.messages('acme').at(-1)?.content).toContain('\n__proto__\n')
    expectNoPollution(simulator.journal.entries())
  })

  it('finds no user named by a prototype key', async () => {
    for (const name of [...PROTO_KEYS, 'toString', 'hasOwnProperty']) {
      const response = await send(simulator, {
        method: 'GET',
        url: `${ACME}/api/v1/users/${name}`,
        headers: { authorization: basic(accounts.iago) },
      })
      expect([response.status, JSON.parse(response.body).msg]).toEqual([400, 'No such user'])
    }
    expectNoPollution(simulator.messaging.organizations())
  })
})
