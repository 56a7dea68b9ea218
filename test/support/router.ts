/**
 * Shared parts of the router tests: the simulator options (a fixed seed and clock) that each suite hands to
 * the package's `useSimulator`, the default scenario's keys, a request helper and the expected bodies.
 */
import { expect } from 'vitest'
import type { SimulatorOptions } from '../../src/entries/index.js'
import { keys, users, workspaces } from './credentials.js'
import { NOW } from './time.js'

export const BASE = 'https://openrouter.ai/api/v1'

export { keys, users, workspaces } from './credentials.js'

const uuid = expect.stringMatching(
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
)

/**
 * The router suites' simulator: `useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)` (from
 * `src/entries/node`, as a consumer's test does) serves it for the file and resets it after each test.
 */
export const routerOptions: SimulatorOptions = { seed: 'router-tests', now: NOW }

/** Sends a request to the router and returns the status, the parsed body and the headers. */
export async function call(
  method: string,
  path: string,
  options: {
    key?: string | null
    body?: unknown
    rawBody?: string
    contentType?: string | null
  } = {},
) {
  const headers: Record<string, string> = {}
  const key = options.key === undefined ? keys.inference : options.key
  if (key !== null) headers.authorization = `Bearer ${key}`
  let body: string | undefined
  if (options.rawBody !== undefined) body = options.rawBody
  else if (options.body !== undefined) body = JSON.stringify(options.body)
  if (body !== undefined && options.contentType !== null)
    headers['content-type'] = options.contentType ?? 'application/json'
  const response = await fetch(`${BASE}${path}`, { method, headers, body })
  const text = await response.text()
  return {
    status: response.status,
    body: JSON.parse(text) as unknown,
    text,
    headers: response.headers,
  }
}

/** Creates a preset version through the chat-completions skin. */
export function createPreset(
  slug: string,
  body: unknown = { messages: [{ role: 'user', content: 'Hi' }] },
  key?: string,
) {
  return call('POST', `/presets/${encodeURIComponent(slug)}/chat/completions`, { body, key })
}

/** The expected `Preset` body for a preset created in the default workspace at NOW. */
export function presetBody(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    id: uuid,
    name: slug,
    slug,
    description: null,
    status: 'active',
    status_updated_at: null,
    created_at: NOW,
    updated_at: NOW,
    creator_user_id: users.alice,
    workspace_id: workspaces.default,
    designated_version_id: uuid,
    ...overrides,
  }
}

/** The expected `PresetDesignatedVersion` body. */
export function versionBody(
  version: number,
  config: Record<string, unknown>,
  systemPrompt: string | null,
  overrides: Record<string, unknown> = {},
) {
  return {
    id: uuid,
    preset_id: uuid,
    version,
    config,
    system_prompt: systemPrompt,
    creator_id: users.alice,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  }
}

/** The exact 400 body for these failing fields, in order. */
export function invalid(...issues: Array<{ path: string; message: string }>) {
  return {
    error: {
      code: 400,
      message: `Invalid request parameters: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      metadata: { issues },
    },
  }
}
