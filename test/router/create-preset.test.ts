/**
 * What the three create-preset dialects (chat completions, messages, responses) have in common, run over each:
 * the stored preset and version, the persisted keys, the system prompt, the request rules, and auth.
 * Each dialect's own behaviour is in `create-preset-from-<dialect>.test.ts`, the chat rules' extras in
 * `request-rules.test.ts`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import {
  call,
  invalid,
  keys,
  presetBody,
  routerOptions,
  users,
  versionBody,
  workspaces,
} from '../support/router.js'
import { chat } from './dialects/chat.js'
import { messages } from './dialects/messages.js'
import { responses } from './dialects/responses.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

describe.each([chat, messages, responses].map((dialect) => [dialect.path, dialect] as const))(
  'POST /presets/{slug}/%s',
  (_, dialect) => {
    const create = (slug: string, body: unknown, key?: string | null) =>
      call('POST', `/presets/${slug}/${dialect.path}`, { body, key })

    it('creates a preset with version 1 from the documented example', async () => {
      const { status, body, headers } = await create('my-preset', dialect.example.body)
      expect(status).toBe(200)
      expect(headers.get('content-type')).toBe('application/json')
      expect(body).toEqual({
        data: {
          ...presetBody('my-preset'),
          designated_version: versionBody(1, dialect.example.config, dialect.example.systemPrompt),
        },
      })
      const data = (body as { data: Record<string, any> }).data
      expect(data.designated_version_id).toBe(data.designated_version.id)
      expect(data.designated_version.preset_id).toBe(data.id)
    })

    it('keeps only the persisted keys, verbatim and in the order sent', async () => {
      const { status, body } = await create('kept', dialect.persisted.body)
      expect(status).toBe(200)
      const version = (body as any).data.designated_version
      expect(version.config).toEqual(dialect.persisted.config)
      expect(Object.keys(version.config)).toEqual(Object.keys(dialect.persisted.config))
      expect(version.system_prompt).toBe(dialect.persisted.systemPrompt)
    })

    it.each(dialect.prompts)('takes the system prompt from %s', async (_, fields, expected) => {
      const { status, body } = await create('prompted', fields)
      expect(status).toBe(200)
      expect((body as any).data.designated_version.system_prompt).toBe(expected)
    })

    it.each(dialect.accepted)(
      'accepts %s and stores the persisted keys',
      async (_, fields, config) => {
        const { status, body } = await create('rules', { ...dialect.base, ...fields })
        expect(status).toBe(200)
        expect((body as any).data.designated_version.config).toEqual({
          ...dialect.baseConfig,
          ...config,
        })
      },
    )

    it.each(dialect.refused)('refuses %s', async (_, fields, path, message) => {
      const { status, body } = await create('rules', { ...dialect.base, ...fields })
      expect(status).toBe(400)
      expect(body).toEqual(invalid({ path, message }))
      expect(simulator.router.presets(workspaces.default)).toEqual([])
    })

    it('answers 401 without credentials, before looking at the slug or the body', async () => {
      const noKey = { error: { code: 401, message: 'No cookie auth credentials found' } }
      const valid = await create('p', dialect.example.body, null)
      expect([valid.status, valid.body]).toEqual([401, noKey])
      const invalidToo = await call('POST', `/presets//${dialect.path}`, {
        key: null,
        rawBody: '{',
      })
      expect([invalidToo.status, invalidToo.body]).toEqual([401, noKey])
    })

    it('answers 401 for an unknown key and for a disabled key', async () => {
      for (const key of ['sk-or-v1-nope', keys.disabled]) {
        const { status, body } = await create('p', dialect.example.body, key)
        expect(status).toBe(401)
        expect(body).toEqual({ error: { code: 401, message: 'User not found.' } })
      }
    })

    it('answers 403 to an inference key where only management keys write presets', async () => {
      const { status, body } = await create('p', dialect.example.body, keys.lockedInference)
      expect(status).toBe(403)
      expect(body).toEqual({
        error: { code: 403, message: 'Only management keys can perform this operation' },
      })
      const allowed = await create('p', dialect.example.body, keys.lockedManagement)
      expect(allowed.status).toBe(200)
      expect((allowed.body as any).data.workspace_id).toBe(workspaces.locked)
      expect((allowed.body as any).data.creator_user_id).toBe(users.carol)
    })

    it('lets a management key write presets in a workspace without the restriction', async () => {
      expect((await create('p', dialect.example.body, keys.management)).status).toBe(200)
    })
  },
)
