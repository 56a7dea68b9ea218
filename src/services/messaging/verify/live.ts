/**
 * The messaging live script (`understudy-mock verify messaging --live`): `server_settings`; the acting account
 * (`/users/me`); create a user; the same e-mail again in upper case; an invalid e-mail; read the user back by
 * id and by e-mail; a wrong key (401); and, where the level has it (416), the Welcome Bot test message and
 * reading it back. Everything it creates is named `understudy-verify-<random>`.
 * @module
 */
import { basic } from '../../../engine/core/recorded-exchange.js'
import type { LiveScript } from '../../../engine/core/verify-part.js'

const form = { 'content-type': 'application/x-www-form-urlencoded' }
const WELCOME_LEVEL = 416

const userEmail = (tag: string, email: string | undefined) =>
  `${tag}@${email?.split('@')[1] ?? 'example.com'}`

export const messagingLiveScript: LiveScript = {
  problem: ({ email }) =>
    email?.includes('@')
      ? undefined
      : 'messaging needs --email: the account the API key belongs to',
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
