/**
 * `presets-history`: the default accounts, with presets that already have several versions, one
 * disabled and one archived preset in the default workspace.
 * @module
 */

import { defineScenario } from '../src/services/scenario.js'
import defaultScenario from './default/index.js'
import { defaultWorkspace, lockedWorkspace, teamBWorkspace } from './default/router.js'

export default defineScenario({
  name: 'presets-history',
  description:
    'The default accounts; the default workspace holds `support-bot` (3 versions), `summarizer` (1 version), `legacy-helper` (disabled) and `retired` (archived, 2 versions).',
  messaging: defaultScenario.messaging,
  router: {
    workspaces: [
      {
        ...defaultWorkspace,
        presets: [
          {
            slug: 'support-bot',
            createdAt: '2026-01-01T09:00:00.000Z',
            versions: [
              {
                config: { model: 'openai/gpt-4o', temperature: 0.2 },
                systemPrompt: 'You answer support questions.',
                createdAt: '2026-01-01T09:00:00.000Z',
              },
              {
                config: { model: 'openai/gpt-4o', temperature: 0.4, provider: { sort: 'price' } },
                systemPrompt: 'You answer support questions politely.',
                createdAt: '2026-01-02T09:00:00.000Z',
              },
              {
                config: {
                  model: 'anthropic/claude-sonnet-4.5',
                  temperature: 0.4,
                  provider: { sort: 'price' },
                },
                systemPrompt: 'You answer support questions politely and briefly.',
                createdAt: '2026-01-03T09:00:00.000Z',
              },
            ],
          },
          {
            slug: 'summarizer',
            createdAt: '2026-01-04T09:00:00.000Z',
            versions: [
              {
                config: { model: 'google/gemini-2.5-flash', max_tokens: 512 },
                systemPrompt: 'Summarize the text.',
              },
            ],
          },
          {
            slug: 'legacy-helper',
            status: 'disabled',
            createdAt: '2025-06-01T09:00:00.000Z',
            versions: [{ config: { model: 'openai/gpt-3.5-turbo' }, systemPrompt: null }],
          },
          {
            slug: 'retired',
            status: 'archived',
            createdAt: '2025-03-01T09:00:00.000Z',
            versions: [
              {
                config: { model: 'openai/gpt-4' },
                systemPrompt: 'Old prompt.',
                createdAt: '2025-03-01T09:00:00.000Z',
              },
              {
                config: { model: 'openai/gpt-4-turbo' },
                systemPrompt: 'Old prompt.',
                createdAt: '2025-04-01T09:00:00.000Z',
              },
            ],
          },
        ],
      },
      teamBWorkspace,
      lockedWorkspace,
    ],
  },
})
