/**
 * Shared parts of the inference suites: a simulator with a preset to use, a request helper through
 * `simulator.fetch` (the same core path as msw: test/fetch/same-as-msw.test.ts), and the scenario.
 */

import {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../../src/entries/index.js'
import type { RouterScenarioInput } from '../../../src/services/router/scenario-schema.js'
import { keys, workspaces } from '../../support/credentials.js'

const BASE = 'https://openrouter.ai/api/v1'
export const NOW = '2026-04-01T00:00:00.000Z'
/** `created` of every answer at NOW. */
export const SECONDS = 1775001600

/**
 * The default scenario's workspaces, with presets in the Default one: `email-copywriter` (2 versions, the
 * second designated: model, temperature, tools, provider order, a system prompt), `paused` (disabled),
 * `retired` (archived); and `team-only` in Team B.
 */
export function presetScenario(extra: Pick<RouterScenarioInput, 'scripts' | 'models'> = {}) {
  return {
    name: 'preset-use',
    router: {
      workspaces: [
        {
          id: workspaces.default,
          name: 'Default',
          keys: [
            {
              key: keys.inference,
              label: 'Default workspace inference key',
              kind: 'inference' as const,
              userId: 'user_2understudyAlice00000000',
            },
          ],
          presets: [
            {
              slug: 'email-copywriter',
              versions: [
                {
                  config: { model: 'openai/gpt-4o', temperature: 0.9 },
                  systemPrompt: 'Old prompt.',
                },
                {
                  config: {
                    model: 'anthropic/claude-sonnet-4.5',
                    temperature: 0.2,
                    max_tokens: 300,
                    provider: { order: ['amazon-bedrock', 'anthropic'] },
                    tools: [
                      { type: 'function', function: { name: 'lookup_customer' } },
                      { type: 'router:web_search' },
                    ],
                  },
                  systemPrompt: 'You write short emails.',
                },
              ],
            },
            {
              slug: 'paused',
              status: 'disabled' as const,
              versions: [{ config: { model: 'openai/gpt-4o-mini' } }],
            },
            {
              slug: 'retired',
              status: 'archived' as const,
              versions: [{ config: { model: 'openai/gpt-4o-mini' } }],
            },
          ],
        },
        {
          id: workspaces.teamB,
          name: 'Team B',
          keys: [
            {
              key: keys.teamB,
              label: 'Team B inference key',
              kind: 'inference' as const,
              userId: 'user_2understudyBob000000000',
            },
          ],
          presets: [{ slug: 'team-only', versions: [{ config: { model: 'openai/gpt-4o-mini' } }] }],
        },
      ],
      scripts: extra.scripts,
      // Two made-up models the suites use beside real ones (`router.models`: docs/scenarios.md).
      models: [{ id: 'a/b' }, { id: 'x/y' }, ...(extra.models ?? [])],
    },
  }
}

export function presetSimulator(options: SimulatorOptions = {}): Simulator {
  return createSimulator({ seed: 'inference', now: NOW, scenario: presetScenario(), ...options })
}

/**
 * A model's prices per million tokens, as its entry of OpenRouter's model list (src/services/router/catalog/snapshot.ts)
 * gives them per token: `anthropic/claude-sonnet-4.5` "0.000003" and "0.000015", and so on.
 */
export const PRICES = {
  'anthropic/claude-sonnet-4.5': { prompt: 3, completion: 15 },
  'openai/gpt-4o': { prompt: 2.5, completion: 10 },
  'openai/gpt-4o-mini': { prompt: 0.15, completion: 0.6 },
  'openai/gpt-4o-2024-08-06': { prompt: 2.5, completion: 10 },
  /** A model a scenario adds without a price. */
  scenario: { prompt: 1, completion: 2 },
} as const

/** Posts a JSON body (a string as it is) to an inference path; the status, headers and body text. */
export async function post(
  simulator: Pick<Simulator, 'fetch'>,
  path: string,
  body: unknown,
  key: string | null = keys.inference,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (key !== null) headers.authorization = `Bearer ${key}`
  const response = await simulator.fetch(`${BASE}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    text: await response.text(),
  }
}

/** The same, parsed. */
export async function postJson(
  simulator: Pick<Simulator, 'fetch'>,
  path: string,
  body: unknown,
  key?: string | null,
) {
  const answer = await post(simulator, path, body, key)
  return { ...answer, body: JSON.parse(answer.text) as unknown }
}

/** What the router's service tells the journal of a request (`meta`), answered through `simulator.router`. */
export async function metaOf(simulator: Simulator, path: string, body: unknown) {
  const answer = simulator.router
    .route(
      {
        method: 'POST',
        url: `${BASE}${path}`,
        path: `/api/v1${path}`,
        query: new URLSearchParams(),
        headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
        body: new TextEncoder().encode(JSON.stringify(body)),
      },
      'in-process',
    )
    ?.answer()
  if (!answer) throw new Error('the router did not answer')
  await answer.response
  return answer.meta
}
