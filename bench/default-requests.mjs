/**
 * What every benchmark sends: the default scenario's credentials and the chat body of every create-preset request.
 * Plain JavaScript, so the probes that run on plain Node (`memory-probe.mjs`, `memory-fill.mjs`) and `lib.ts`
 * share one copy (types in `default-requests.d.mts`).
 */
/** The default workspace's inference key, as an `Authorization` header. */
export const ROUTER_KEY = 'Bearer sk-or-v1-understudy-default-inference'
/** The default organization's administrator who can create users (`iago@acme.example`), Basic credentials. */
export const IAGO = `Basic ${Buffer.from('iago@acme.example:oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD').toString('base64')}`
/** The chat body of every create-preset request. */
export const PRESET_BODY = JSON.stringify({
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: 'Hello!' },
  ],
  model: 'openai/gpt-5.4',
  temperature: 0.7,
})
