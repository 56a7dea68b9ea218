/**
 * The router's live script (`understudy-mock verify router --live`): create a preset; a second version of
 * it; read it; list its versions; a slug that does not exist (404); no key (401). Everything it creates is
 * named `understudy-verify-<random>`.
 * @module
 */
import type { LiveScript } from '../../../engine/core/verify-part.js'

const json = { 'content-type': 'application/json' }

/** Where a preset can be removed: the real service has no API for it. */
function removePreset(baseUrl: string, slug: string): string {
  return new URL(baseUrl).hostname === 'openrouter.ai'
    ? `delete it at https://openrouter.ai/settings/presets (the API has no delete)`
    : `remove preset ${slug} with the service's own tools (the Presets API has no delete)`
}

export const routerLiveScript: LiveScript = {
  willCreate: ({ baseUrl, tag }) => [`a preset ${tag} with two versions at ${baseUrl}`],
  async run(context) {
    const { baseUrl, tag } = context
    const auth = { authorization: `Bearer ${context.apiKey}` }
    const body = (content: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        model: 'openai/gpt-4o-mini',
        ...extra,
        messages: [{ role: 'system', content }],
      })
    const preset = `${baseUrl}/presets/${tag}`
    const first = await context.send({
      method: 'POST',
      url: `${preset}/chat/completions`,
      headers: { ...auth, ...json },
      body: body(`${tag}: the first version`),
    })
    if (first.status === 200) {
      context.created.push({ what: `preset ${tag}`, remove: removePreset(baseUrl, tag) })
    }
    await context.send({
      method: 'POST',
      url: `${preset}/chat/completions`,
      headers: { ...auth, ...json },
      body: body(`${tag}: the second version`, { temperature: 0.2 }),
    })
    await context.send({ method: 'GET', url: preset, headers: auth })
    await context.send({ method: 'GET', url: `${preset}/versions`, headers: auth })
    await context.send({ method: 'GET', url: `${preset}-missing`, headers: auth })
    await context.send({ method: 'GET', url: preset })
  },
}
