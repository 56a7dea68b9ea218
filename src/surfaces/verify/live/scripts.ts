/**
 * The live mode's fixed scripts: a few calls that cover what Understudy simulates of each service, against
 * the real one. Everything they create is named `understudy-verify-<random>`.
 *
 * - messaging: `server_settings`; the acting account (`/users/me`); create a user; the same e-mail again in
 *   upper case; an invalid e-mail; read the user back by id and by e-mail; a wrong key (401); and, where the
 *   level has it (416), the Welcome Bot test message and reading it back.
 * - router: create a preset; a second version of it; read it; list its versions; a slug that does not
 *   exist (404); no key (401).
 * @module
 */
import type { LiveAnswer, LiveRequest } from './record.js'

/** Something the script created on the real service, and how to remove it. */
export interface Created {
  what: string
  remove: string
}

/** What a script needs: where, who, and a way to send. */
interface ScriptContext {
  baseUrl: string
  apiKey: string
  email: string | undefined
  /** `understudy-verify-<random>`. */
  tag: string
  /** A random 32-character key of letters and digits that no account has (for the 401). */
  wrongKey: string
  /** A strong random password for the user created. */
  password: string
  send(request: LiveRequest): Promise<LiveAnswer>
  created: Created[]
}

/** A script: what it will create (said before asking), and its steps. */
export interface LiveScript {
  willCreate(context: Pick<ScriptContext, 'baseUrl' | 'email' | 'tag'>): string[]
  run(context: ScriptContext): Promise<void>
}

const basic = (email: string, key: string) =>
  `Basic ${Buffer.from(`${email}:${key}`, 'utf8').toString('base64')}`
const form = { 'content-type': 'application/x-www-form-urlencoded' }
const json = { 'content-type': 'application/json' }
const WELCOME_LEVEL = 416

const userEmail = (tag: string, email: string | undefined) =>
  `${tag}@${email?.split('@')[1] ?? 'example.com'}`

export const messagingScript: LiveScript = {
  willCreate: ({ baseUrl, email, tag }) => [
    `a user ${userEmail(tag, email)} named "${tag}" in ${baseUrl} (Zulip cannot delete users: it can be deactivated)`,
    `where the server has it (feature level ${WELCOME_LEVEL}+), one Welcome Bot test message to ${email ?? 'you'}, quoting "${tag}"`,
  ],
  async run(context) {
    const { baseUrl, tag } = context
    const email = context.email as string
    const auth = { authorization: basic(email, context.apiKey) }
    const api = `${baseUrl}/api/v1`
    const settings = await context.send({ method: 'GET', url: `${api}/server_settings` })
    const level = Number(settings.json?.zulip_feature_level ?? 0)
    await context.send({ method: 'GET', url: `${api}/users/me`, headers: auth })
    const address = userEmail(tag, email)
    const create = (to: string) =>
      context.send({
        method: 'POST',
        url: `${api}/users`,
        headers: { ...auth, ...form },
        body: new URLSearchParams({
          email: to,
          password: context.password,
          full_name: tag,
        }).toString(),
      })
    const made = await create(address)
    const userId = made.json?.user_id
    const remove = (id: unknown) =>
      `curl -X DELETE ${api}/users/${String(id)} -u '${email}:<your API key>'  (deactivates it)`
    if (made.status === 200)
      context.created.push({ what: `user ${address}`, remove: remove(userId) })
    const again = await create(address.replace(/^[^@]*/, (local) => local.toUpperCase()))
    if (again.status === 200) {
      context.created.push({
        what: `user ${address.toUpperCase()}`,
        remove: remove(again.json?.user_id),
      })
    }
    const invalid = await create(`${tag}.not-an-address`)
    if (invalid.status === 200) {
      context.created.push({
        what: `user ${tag}.not-an-address`,
        remove: remove(invalid.json?.user_id),
      })
    }
    if (typeof userId === 'number') {
      await context.send({ method: 'GET', url: `${api}/users/${userId}`, headers: auth })
    }
    await context.send({ method: 'GET', url: `${api}/users/${address}`, headers: auth })
    await context.send({
      method: 'GET',
      url: `${api}/users/me`,
      headers: { authorization: basic(email, context.wrongKey) },
    })
    if (level < WELCOME_LEVEL) return
    const welcome = await context.send({
      method: 'POST',
      url: `${api}/realm/test_welcome_bot_custom_message`,
      headers: { ...auth, ...form },
      body: new URLSearchParams({
        welcome_message_custom_text: `${tag}: a test message from understudy-mock verify`,
      }).toString(),
    })
    const messageId = welcome.json?.message_id
    if (welcome.status === 200 && typeof messageId === 'number') {
      context.created.push({
        what: `Welcome Bot test message ${messageId} to ${email}`,
        remove: `curl -X DELETE ${api}/messages/${messageId} -u '${email}:<your API key>'`,
      })
      await context.send({ method: 'GET', url: `${api}/messages/${messageId}`, headers: auth })
    }
  },
}

/** Where a preset can be removed: the real service has no API for it. */
function removePreset(baseUrl: string, slug: string): string {
  return new URL(baseUrl).hostname === 'openrouter.ai'
    ? `delete it at https://openrouter.ai/settings/presets (the API has no delete)`
    : `remove preset ${slug} with the service's own tools (the Presets API has no delete)`
}

export const routerScript: LiveScript = {
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
