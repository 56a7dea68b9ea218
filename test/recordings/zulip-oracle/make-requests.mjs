#!/usr/bin/env node
// Writes the recording session's request files (run-oracle.sh format):
//   requests-384.json  the common session (server_settings, create-user cases, reads, 401 table, methods)
//   requests-442.json  the same + the welcome-bot test messages and their read-back
// Usage: node make-requests.mjs   (writes next to this file)
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const STRONG = 'Zx9!kq-Long-pass'
const b64 = (s) => Buffer.from(s).toString('base64')
const steps = []
const idx = {} // name -> index, for ${N...} references
const add = (name, req) => {
  idx[name] = steps.length
  steps.push({ name, ...req })
}
const ref = (name, field) => `\${${idx[name]}.${field}}`

// --- server settings
add('server_settings', { method: 'GET', path: '/api/v1/server_settings', auth: null })

// --- create-user cases
const create = (name, auth, form) =>
  add(name, { method: 'POST', path: '/api/v1/users', auth, form })
create('create ok', 'owner', {
  email: 'newbie@example.com',
  password: STRONG,
  full_name: 'New Bie',
})
create('create duplicate', 'owner', {
  email: 'newbie@example.com',
  password: STRONG,
  full_name: 'New Bie',
})
create('create duplicate other case', 'owner', {
  email: 'NewBie@Example.COM',
  password: STRONG,
  full_name: 'New Bie',
})
create('create missing password', 'owner', { email: 'nopass@example.com', full_name: 'No Pass' })
create('create weak password', 'owner', {
  email: 'weak@example.com',
  password: 'abc123',
  full_name: 'Weak Pw',
})
create('create invalid email', 'owner', {
  email: 'not-an-email',
  password: STRONG,
  full_name: 'Bad Mail',
})
create('create disposable domain', 'owner', {
  email: 'someone@mailinator.com',
  password: STRONG,
  full_name: 'Throw Away',
})
create('create by member', 'member', {
  email: 'x1@example.com',
  password: STRONG,
  full_name: 'By Member',
})
create('create by admin without can_create_users', 'admin', {
  email: 'x2@example.com',
  password: STRONG,
  full_name: 'By Admin',
})
create('create empty name', 'owner', {
  email: 'noname@example.com',
  password: STRONG,
  full_name: '',
})
create('create password over 100 chars', 'owner', {
  email: 'longpw@example.com',
  password: `${'Zx9!kq-Long-pass-'.repeat(6)}abcdefgh`.slice(0, 101),
  full_name: 'Long Pw',
})
create('create missing email', 'owner', { password: STRONG, full_name: 'No Mail' })

// --- reads
const newId = ref('create ok', 'body.user_id')
add('GET /users owner', { method: 'GET', path: '/api/v1/users', auth: 'owner' })
add('GET /users member', { method: 'GET', path: '/api/v1/users', auth: 'member' })
add('GET /users/{id} owner', { method: 'GET', path: `/api/v1/users/${newId}`, auth: 'owner' })
add('GET /users/{id} member', { method: 'GET', path: `/api/v1/users/${newId}`, auth: 'member' })
add('GET /users/{email} owner', {
  method: 'GET',
  path: '/api/v1/users/newbie@example.com',
  auth: 'owner',
})
add('GET /users/{email} member', {
  method: 'GET',
  path: '/api/v1/users/newbie@example.com',
  auth: 'member',
})
add('GET /users/{email} other case owner', {
  method: 'GET',
  path: '/api/v1/users/NEWBIE@example.com',
  auth: 'owner',
})
add('GET /users/me owner', { method: 'GET', path: '/api/v1/users/me', auth: 'owner' })
add('GET /users/me member', { method: 'GET', path: '/api/v1/users/me', auth: 'member' })
add('GET /users?user_ids valid', {
  method: 'GET',
  path: '/api/v1/users',
  auth: 'owner',
  query: { user_ids: `[8,${newId}]` },
})
add('GET /users?user_ids unknown id', {
  method: 'GET',
  path: '/api/v1/users',
  auth: 'owner',
  query: { user_ids: '[8,99999]' },
})
add('GET /users?user_ids not JSON', {
  method: 'GET',
  path: '/api/v1/users',
  auth: 'owner',
  query: { user_ids: 'eight' },
})
add('GET /users?user_ids not a list', {
  method: 'GET',
  path: '/api/v1/users',
  auth: 'owner',
  query: { user_ids: '8' },
})
add('GET /users?user_ids empty list', {
  method: 'GET',
  path: '/api/v1/users',
  auth: 'owner',
  query: { user_ids: '[]' },
})
add('GET /users?user_ids system bot', {
  method: 'GET',
  path: '/api/v1/users',
  auth: 'owner',
  query: { user_ids: '[5]' },
})
add('GET /users/{id} system bot', { method: 'GET', path: '/api/v1/users/5', auth: 'owner' })
add('GET /users/{email} system bot', {
  method: 'GET',
  path: '/api/v1/users/welcome-bot@zulip.com',
  auth: 'owner',
})
create('create system bot e-mail', 'owner', {
  email: 'welcome-bot@zulip.com',
  password: STRONG,
  full_name: 'Not Welcome Bot',
})
add('GET /users/{email} system-bot address, now a member', {
  method: 'GET',
  path: '/api/v1/users/welcome-bot@zulip.com',
  auth: 'owner',
})
add('GET /users/{id} unknown', { method: 'GET', path: '/api/v1/users/99999', auth: 'owner' })
add('GET /users/{email} unknown', {
  method: 'GET',
  path: '/api/v1/users/nobody@example.com',
  auth: 'owner',
})

// --- the 401 table
add('401 no credentials', { method: 'GET', path: '/api/v1/users/me', auth: null })
add('401 wrong key', {
  method: 'GET',
  path: '/api/v1/users/me',
  auth: { email: 'owner@example.com', api_key: 'wrongwrongwrongwrongwrongwrong12' },
})
add('401 unknown e-mail', {
  method: 'GET',
  path: '/api/v1/users/me',
  auth: { email: 'ghost@example.com', api_key: 'wrongwrongwrongwrongwrongwrong12' },
})
add('401 malformed Basic (not base64)', {
  method: 'GET',
  path: '/api/v1/users/me',
  auth: null,
  headers: { Authorization: 'Basic !!!not-base64!!!' },
})
add('401 Basic without colon', {
  method: 'GET',
  path: '/api/v1/users/me',
  auth: null,
  headers: { Authorization: `Basic ${b64('owner@example.com')}` },
})
add('401 Bearer scheme', {
  method: 'GET',
  path: '/api/v1/users/me',
  auth: null,
  headers: { Authorization: 'Bearer abcdef' },
})
add('401 POST /users no credentials', {
  method: 'POST',
  path: '/api/v1/users',
  auth: null,
  form: { email: 'anon@example.com', password: STRONG, full_name: 'Anon' },
})
add('401 system bot key', {
  method: 'GET',
  path: '/api/v1/users/me',
  auth: { email: 'welcome-bot@zulip.com', api_key: 'wrongwrongwrongwrongwrongwrong12' },
})

// --- methods
add('OPTIONS /users/{id}', { method: 'OPTIONS', path: `/api/v1/users/${newId}`, auth: null })
add('OPTIONS /users/{email}', {
  method: 'OPTIONS',
  path: '/api/v1/users/newbie@example.com',
  auth: null,
})
add('OPTIONS /messages/{id}', { method: 'OPTIONS', path: '/api/v1/messages/1', auth: null })
add('OPTIONS /users', { method: 'OPTIONS', path: '/api/v1/users', auth: null })
add('PUT /users/{id}', { method: 'PUT', path: `/api/v1/users/${newId}`, auth: 'owner' })
add('POST /users/{id}', { method: 'POST', path: `/api/v1/users/${newId}`, auth: 'owner' })
add('PUT /users/{email}', {
  method: 'PUT',
  path: '/api/v1/users/newbie@example.com',
  auth: 'owner',
})
add('DELETE /users/{email}', {
  method: 'DELETE',
  path: '/api/v1/users/newbie@example.com',
  auth: 'owner',
})
add('PUT /messages/{id}', { method: 'PUT', path: '/api/v1/messages/1', auth: 'owner' })
add('HEAD /users/me', { method: 'HEAD', path: '/api/v1/users/me', auth: 'owner' })
add('PATCH /users/{id} no credentials', {
  method: 'PATCH',
  path: `/api/v1/users/${newId}`,
  auth: null,
  form: { full_name: 'Renamed' },
})
add('PATCH /users/{email} no credentials', {
  method: 'PATCH',
  path: '/api/v1/users/newbie@example.com',
  auth: null,
  form: { full_name: 'Renamed' },
})
add('PATCH /messages/{id} no credentials', {
  method: 'PATCH',
  path: '/api/v1/messages/1',
  auth: null,
  form: { content: 'x' },
})
add('DELETE /messages/{id} no credentials', {
  method: 'DELETE',
  path: '/api/v1/messages/1',
  auth: null,
})
add('DELETE /users/{id} unknown id', {
  method: 'DELETE',
  path: '/api/v1/users/99999',
  auth: 'owner',
})
add('DELETE /users/{id} by member', {
  method: 'DELETE',
  path: `/api/v1/users/${newId}`,
  auth: 'member',
})
add('DELETE /users/{id} new user', {
  method: 'DELETE',
  path: `/api/v1/users/${newId}`,
  auth: 'owner',
})
add('GET /users/{id} after DELETE', {
  method: 'GET',
  path: `/api/v1/users/${newId}`,
  auth: 'owner',
})
add('DELETE /users/{id} again', { method: 'DELETE', path: `/api/v1/users/${newId}`, auth: 'owner' })
add('DELETE /users/{id} system bot', { method: 'DELETE', path: '/api/v1/users/5', auth: 'owner' })
add('DELETE /users/me sole owner', { method: 'DELETE', path: '/api/v1/users/me', auth: 'owner' })
add('deactivated user authenticates', {
  method: 'GET',
  path: '/api/v1/users/me',
  auth: { email: 'newbie@example.com', api_key: 'wrongwrongwrongwrongwrongwrong12' },
})
add('create again after deactivation', {
  method: 'POST',
  path: '/api/v1/users',
  auth: 'owner',
  form: { email: 'newbie@example.com', password: STRONG, full_name: 'New Bie' },
})

const common = steps.slice()
writeFileSync(join(here, 'requests-384.json'), `${JSON.stringify(common, null, 1)}\n`)

// --- level 442: the welcome-bot test message, each followed by its read-back
const welcome = (name, text, auth = 'owner', readBack = true) => {
  add(`welcome ${name}`, {
    method: 'POST',
    path: '/api/v1/realm/test_welcome_bot_custom_message',
    auth,
    form: text === undefined ? {} : { welcome_message_custom_text: text },
  })
  if (readBack)
    add(`read-back ${name}`, {
      method: 'GET',
      path: `/api/v1/messages/${ref(`welcome ${name}`, 'body.message_id')}`,
      auth,
    })
}
welcome('plain text', 'Welcome aboard!')
add('read-back plain text raw', {
  method: 'GET',
  path: `/api/v1/messages/${ref('welcome plain text', 'body.message_id')}`,
  auth: 'owner',
  query: { apply_markdown: false },
})
welcome('bold', 'Welcome **aboard**!')
welcome('heading', '# Welcome\nGlad you are here.')
welcome('nested quotes', '> outer quote\n> > inner quote\n\nafter the quotes')
welcome('quote fence inside', '```quote\nquoted by fence\n```')
welcome('emoji', 'Hello :smile: and :tada: and :not_an_emoji:')
welcome('line starting with fence', '```\ncode block\n```\nafter')
welcome('four-backtick line', '````\nfour\n````')
welcome('fence not at line start', 'Hi ``` inline')
welcome('leading spaces and tabs', '    four spaces\n\ttab\n  two spaces\nnone')
welcome('link', 'See https://zulip.com and [the help](https://zulip.com/help/).')
welcome('list', '- one\n- two\n    - nested\n\n1. first\n2. second')
welcome('html and mention', '<b>not bold</b> & @**Oracle Member** @*Administrators* #**general**')
welcome('inline code', 'Run `zulip-server --help` or ``a `tick` inside``')
// no $$math$$: the oracle has no KaTeX (node) install, production renders it
welcome('8000 chars', 'y'.repeat(8000))
welcome('empty', '', 'owner', false)
welcome('whitespace only', '   ')
welcome('8001 chars', 'y'.repeat(8001), 'owner', false)
welcome('missing parameter', undefined, 'owner', false)
welcome('member', 'Hi', 'member', false)
welcome('admin without can_create_users', 'Hi from the admin', 'admin')
add('read-back by another user', {
  method: 'GET',
  path: `/api/v1/messages/${ref('welcome plain text', 'body.message_id')}`,
  auth: 'member',
})
add('welcome no credentials', {
  method: 'POST',
  path: '/api/v1/realm/test_welcome_bot_custom_message',
  auth: null,
  form: { welcome_message_custom_text: 'Hi' },
})
add('GET /realm/test_welcome_bot_custom_message', {
  method: 'GET',
  path: '/api/v1/realm/test_welcome_bot_custom_message',
  auth: 'owner',
})
add('OPTIONS /realm/test_welcome_bot_custom_message', {
  method: 'OPTIONS',
  path: '/api/v1/realm/test_welcome_bot_custom_message',
  auth: null,
})
add('GET /users/me owner after messages', {
  method: 'GET',
  path: '/api/v1/users/me',
  auth: 'owner',
})
writeFileSync(join(here, 'requests-442.json'), `${JSON.stringify(steps, null, 1)}\n`)
process.stdout.write(
  `requests-384.json: ${common.length} steps; requests-442.json: ${steps.length} steps\n`,
)
