#!/usr/bin/env node
/**
 * Writes `openrouter-real.har` from the recordings of the real OpenRouter service kept beside it (each answer's
 * bytes as kept, see PROVENANCE.md), for `verify` to hold Understudy against (test/recordings/recordings.test.ts).
 * The sources quote the answers; the requests are what each source says was sent (its model, parameters and
 * stream flag), with long prompts and tool lists shortened: `verify` compares the answers' envelopes, not the
 * model's words. No source gave the answers' headers: the HAR has none (verify then compares none). One
 * recording per kind of answer, the newest: the older chat stream kept here (chat-stream-bedrock-2026-05-06.sse)
 * has no `service_tier` in its usage chunk, where the newest has `null` (docs/router-inference.md §10).
 *
 *   node test/recordings/openrouter/make.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const read = (name) => readFileSync(join(here, name), 'utf8')
const errors = JSON.parse(read('errors.json')).bodies
const errorBody = (name) => errors.find((entry) => entry.name === name).body

const BASE = 'https://openrouter.ai/api/v1'
/** The key of the recordings' account (each source redacted its own). */
const KEY = 'sk-or-v1-recorded-account-key-redacted'

/** One HAR entry: the request as the source describes it, the answer as kept. */
function entry({ at, path, auth = KEY, body, status, answer, comment }) {
  const text = JSON.stringify(body)
  return {
    startedDateTime: new Date(at * 1000).toISOString(),
    time: 0,
    comment,
    request: {
      method: 'POST',
      url: `${BASE}${path}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [
        ...(auth === null ? [] : [{ name: 'Authorization', value: `Bearer ${auth}` }]),
        { name: 'Content-Type', value: 'application/json' },
      ],
      queryString: [],
      postData: { mimeType: 'application/json', text },
      headersSize: -1,
      bodySize: Buffer.byteLength(text),
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: Buffer.byteLength(answer), mimeType: '', text: answer },
      redirectURL: '',
      headersSize: -1,
      bodySize: Buffer.byteLength(answer),
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
  }
}

const entries = [
  entry({
    at: 1786988078,
    path: '/chat/completions',
    comment:
      'chat-stream-parasail-2026-08-18.sse: qwen/qwen3-coder-next pinned to parasail/bf16, one 16-token request (prompt not quoted by the source)',
    body: {
      model: 'qwen/qwen3-coder-next',
      messages: [{ role: 'user', content: 'Reply with pong.' }],
      max_tokens: 16,
      stream: true,
      provider: { order: ['parasail/bf16'], allow_fallbacks: false },
    },
    status: 200,
    answer: read('chat-stream-parasail-2026-08-18.sse'),
  }),
  entry({
    at: 1791085542,
    path: '/chat/completions',
    comment:
      'chat-completion-nextbit-2026-10-04.json: the request as the source lists it (prompt, temperature 0, seed 17, max_tokens 16, json_object, reasoning off, provider nextbit)',
    body: {
      model: 'deepseek/deepseek-v4-pro-0813',
      messages: [
        { role: 'user', content: 'Return the JSON object {"ok": true} and nothing else.' },
      ],
      temperature: 0,
      seed: 17,
      max_tokens: 16,
      response_format: { type: 'json_object' },
      reasoning: { enabled: false },
      provider: { order: ['nextbit'], allow_fallbacks: false, require_parameters: true },
    },
    status: 200,
    answer: read('chat-completion-nextbit-2026-10-04.json').trimEnd(),
  }),
  entry({
    at: 1787613199,
    path: '/messages',
    comment:
      'messages-stream-aws-2026-08-24.sse: anthropic/claude-sonnet-5 from Claude Code through a recording relay (system prompt and output_config shortened)',
    body: {
      model: 'anthropic/claude-sonnet-5',
      max_tokens: 64000,
      system: [{ type: 'text', text: 'You are naming a coding session.' }],
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'Review this function for memory-safety bugs.' }],
        },
      ],
      thinking: { type: 'disabled' },
      stream: true,
    },
    status: 200,
    answer: read('messages-stream-aws-2026-08-24.sse'),
  }),
  entry({
    at: 1787612977,
    path: '/responses',
    comment:
      'responses-stream-openai-2026-08-24.sse: openai/gpt-5.6-sol from Codex through a recording relay (input shortened to the user message; the reasoning item and most deltas left out of the kept file)',
    body: {
      model: 'openai/gpt-5.6-sol',
      input: [
        {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'Review this function for memory-safety bugs.' }],
        },
      ],
      tool_choice: 'auto',
      parallel_tool_calls: false,
      reasoning: { effort: 'high', context: 'all_turns' },
      store: false,
      stream: true,
      include: ['reasoning.encrypted_content'],
      prompt_cache_key: '01a03609-5897-71a1-89c9-06d68110c67c',
      text: { verbosity: 'low' },
    },
    status: 200,
    answer: read('responses-stream-openai-2026-08-24.sse'),
  }),
  entry({
    at: 1787613300,
    path: '/chat/completions',
    auth: null,
    comment: 'errors.json no-key: a request without an Authorization header',
    body: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] },
    status: 401,
    answer: errorBody('no-key'),
  }),
  entry({
    at: 1787613301,
    path: '/chat/completions',
    auth: 'sk-or-v1-a-key-the-service-does-not-know',
    comment: 'errors.json unknown-key: a dead key',
    body: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] },
    status: 401,
    answer: errorBody('unknown-key'),
  }),
]

const har = {
  log: {
    version: '1.2',
    creator: { name: 'test/recordings/openrouter/make.mjs', version: '1' },
    comment:
      'Answers of the real OpenRouter service (2025-12 to 2026-10) as kept in test/recordings/openrouter/ (PROVENANCE.md), with the requests their sources describe.',
    pages: [],
    entries: entries.sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime)),
  },
}
writeFileSync(join(here, 'openrouter-real.har'), `${JSON.stringify(har, null, 1)}\n`)
