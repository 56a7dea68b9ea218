/**
 * The description's nested rules (`src/services/router/validation/described.ts`): fields the OpenAPI constrains
 * below the top level, answered 400 with every issue in the router's wording, on each skin; what the seed
 * loosens (`router:*` server tools) and what the real service is stricter about (a union's catch-all takes
 * only the types no other branch claims).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { call, invalid, routerOptions, workspaces } from '../support/router.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

const user = [{ role: 'user', content: 'Hi' }]
const bases = {
  chat: { messages: user },
  messages: { model: 'm/1', messages: user },
  responses: {},
} as const

type Skin = keyof typeof bases

function create(skin: Skin, fields: Record<string, unknown>) {
  const path = skin === 'chat' ? 'chat/completions' : skin
  return call('POST', `/presets/nested/${path}`, { body: { ...bases[skin], ...fields } })
}

describe('nested fields the description constrains', () => {
  it.each(['chat', 'messages', 'responses'] as const)(
    'refuses trace.trace_name as an object on the %s skin',
    async (skin) => {
      const { status, body } = await create(skin, { trace: { trace_name: { a: 1 } } })
      expect(status).toBe(400)
      expect(body).toEqual(invalid({ path: 'trace.trace_name', message: 'must be a string' }))
      expect(simulator.router.presets(workspaces.default)).toEqual([])
    },
  )

  it('keeps trace keys the description does not list (it passes them through)', async () => {
    const { status } = await create('chat', { trace: { trace_name: 't', team: { id: 7 } } })
    expect(status).toBe(200)
  })

  it('refuses input[].tools[].max_uses null on the responses skin, although a catch-all branch would take it', async () => {
    const { status, body } = await create('responses', {
      input: [
        {
          type: 'additional_tools',
          role: 'user',
          tools: [{ type: 'web_search_2025_08_26', max_uses: null }],
        },
      ],
    })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid({ path: 'input[0].tools[0].max_uses', message: 'must be an integer' }),
    )
  })

  it('still takes a tool type no branch of the union claims through its catch-all', async () => {
    const { status } = await create('responses', {
      input: [{ type: 'additional_tools', role: 'user', tools: [{ type: 'some_new_tool', x: 1 }] }],
    })
    expect(status).toBe(200)
  })

  it("refuses a message content part's tool.type outside its enum on the messages skin", async () => {
    const { status, body } = await create('messages', {
      messages: [
        { role: 'user', content: [{ type: 'tool_addition', tool: { type: 'bogus', name: 'x' } }] },
      ],
    })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid({
        path: 'messages[0].content[0].tool.type',
        message: 'must be one of: tool_reference, mcp_tool_reference, mcp_toolset_reference',
      }),
    )
  })

  it("refuses a server tool's parameters.mode outside its enum on the chat skin, and an unknown tool type", async () => {
    const { status, body } = await create('chat', {
      tools: [
        { type: 'openrouter:web_search', parameters: { mode: 'bogus' } },
        { type: 'openrouter:bogus' },
      ],
    })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid(
        {
          path: 'tools[0].parameters.mode',
          message:
            'must be one of: instant, fast, auto, deep-lite, deep, deep-reasoning, turbo, basic, advanced',
        },
        {
          path: 'tools[1].type',
          message:
            'must be one of: function, openrouter:advisor, openrouter:bash, openrouter:datetime, openrouter:files, openrouter:fusion, openrouter:image_generation, openrouter:experimental__search_models, openrouter:subagent, openrouter:web_fetch, openrouter:web_search, web_search, web_search_preview, web_search_preview_2025_03_11, web_search_2025_08_26',
        },
      ),
    )
  })

  it('takes the seed’s router:* server tools as the description’s openrouter:* ones, with their rules', async () => {
    const ok = await create('chat', {
      tools: [
        { type: 'router:web_search', parameters: { mode: 'fast' } },
        { type: 'router:web_fetch' },
      ],
    })
    expect(ok.status).toBe(200)
    expect((ok.body as any).data.designated_version.config.tools).toEqual([
      { type: 'router:web_search', parameters: { mode: 'fast' } },
      { type: 'router:web_fetch' },
    ])
    const bad = await create('chat', {
      tools: [{ type: 'router:web_search', parameters: { max_results: 'ten' } }],
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual(
      invalid({ path: 'tools[0].parameters.max_results', message: 'must be an integer' }),
    )
  })

  it('refuses include[] outside its enum on the responses skin', async () => {
    const { status, body } = await create('responses', { include: ['usage'] })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid({
        path: 'include[0]',
        message:
          'must be one of: file_search_call.results, message.input_image.image_url, computer_call_output.output.image_url, reasoning.encrypted_content, code_interpreter_call.outputs',
      }),
    )
  })

  it('lists every nested issue, after the skin’s own, each once', async () => {
    const { status, body } = await create('chat', {
      messages: [
        { role: 'user', content: [{ type: 'image_url' }] },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f' } }],
        },
      ],
      temperature: 3,
      tools: [{ type: 'function', function: { name: 'f', parameters: 3 } }],
      response_format: { type: 'json_schema', json_schema: { name: 'n', schema: [] } },
    })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid(
        // the skin's own rules (seed), in body order
        { path: 'temperature', message: 'must be at most 2' },
        { path: 'tools[0].function.parameters', message: 'must be an object' },
        { path: 'response_format.json_schema.schema', message: 'must be an object' },
        // then the description's, in body order, without those already reported
        { path: 'messages[0].content[0].image_url', message: 'is required' },
        { path: 'messages[1].tool_calls[0].function.arguments', message: 'is required' },
      ),
    )
  })

  it('refuses a messages-skin fallback with more than model ("Each entry accepts only model")', async () => {
    const { status, body } = await create('messages', {
      fallbacks: [{ model: 'a', temperature: 1 }],
    })
    expect(status).toBe(400)
    expect(body).toEqual(invalid({ path: 'fallbacks[0].temperature', message: 'unrecognized key' }))
  })

  it('refuses a switchyard-router algorithm outside the SDK’s list', async () => {
    const { status, body } = await create('chat', {
      plugins: [{ id: 'switchyard-router', algorithm: 'x' }],
    })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid({
        path: 'plugins[0].algorithm',
        message: 'must be one of: capability, stage, auto, random, composite, passthrough',
      }),
    )
  })
})
