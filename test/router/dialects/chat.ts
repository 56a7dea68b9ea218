/** The chat-completions skin: `POST /presets/{slug}/chat/completions`. */
import { accepted, refused } from './chat-rules.js'
import type { Dialect } from './dialect.js'

export const chat: Dialect = {
  path: 'chat/completions',
  example: {
    body: {
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Hello!' },
      ],
      model: 'openai/gpt-5.4',
      temperature: 0.7,
    },
    config: { model: 'openai/gpt-5.4', temperature: 0.7 },
    systemPrompt: 'You are a helpful assistant.',
  },
  persisted: {
    body: {
      stream: false,
      user: 'end-user-1',
      session_id: 'abc',
      metadata: { team: 'search' },
      messages: [{ role: 'user', content: 'Hi' }],
      provider: { sort: 'price', order: ['anthropic'], custom_future_key: undefined },
      max_tokens: 1024,
      route: 'fallback',
      stream_options: { include_usage: true },
      tools: [{ type: 'openrouter:web_search', parameters: { max_results: 3 } }],
      unknown_key: 1,
      plugins: [{ id: 'web', max_results: 5 }],
    },
    config: {
      provider: { sort: 'price', order: ['anthropic'] },
      max_tokens: 1024,
      route: 'fallback',
      tools: [{ type: 'openrouter:web_search', parameters: { max_results: 3 } }],
      plugins: [{ id: 'web', max_results: 5 }],
    },
    systemPrompt: null,
  },
  prompts: [
    [
      'every system and developer message, joined by a blank line',
      {
        messages: [
          { role: 'system', content: 'First.' },
          { role: 'user', content: 'ignored' },
          {
            role: 'developer',
            content: [
              { type: 'text', text: 'Line A' },
              { type: 'text', text: 'Line B' },
            ],
          },
        ],
      },
      'First.\n\nLine A\nLine B',
    ],
  ],
  base: { messages: [{ role: 'user', content: 'Hi' }] },
  baseConfig: {},
  accepted,
  refused,
}
