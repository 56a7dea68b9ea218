#!/usr/bin/env node
// Writes the onboarding session's request file (run-oracle.sh format), requests-onboarding.json: what a new
// organization holds before anything is sent. Each account's `GET /users/me` (`max_message_id`), messages 1
// to 16 read by the owner, the administrator and the member (Welcome Bot's channel messages, flags, reactions,
// and each account's greeting, which only its recipient may read), their Markdown (`apply_markdown=false`),
// then a member created through the API (its greeting's id) and the reads again.
// Usage: node make-onboarding-requests.mjs   (writes next to this file)
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const steps = []
const add = (name, request) => steps.push({ name, ...request })

add('server_settings', { method: 'GET', path: '/api/v1/server_settings', auth: null })

for (const who of ['owner', 'admin', 'member'])
  add(`GET /users/me ${who}`, { method: 'GET', path: '/api/v1/users/me', auth: who })
for (const who of ['owner', 'admin', 'member'])
  for (let id = 1; id <= 16; id++)
    add(`GET /messages/${id} ${who}`, { method: 'GET', path: `/api/v1/messages/${id}`, auth: who })
for (const who of ['owner', 'admin', 'member'])
  for (let id = 1; id <= 16; id++)
    add(`GET /messages/${id} ${who} raw`, {
      method: 'GET',
      path: `/api/v1/messages/${id}`,
      auth: who,
      query: { apply_markdown: false },
    })
const created = steps.length
add('create ok', {
  method: 'POST',
  path: '/api/v1/users',
  auth: 'owner',
  form: { email: 'newbie@example.com', password: 'Zx9!kq-Long-pass', full_name: 'New Bie' },
})
add('GET /users/{id} new user', {
  method: 'GET',
  path: `/api/v1/users/\${${created}.body.user_id}`,
  auth: 'owner',
})
for (const id of [14, 15, 16])
  add(`GET /messages/${id} owner after create`, {
    method: 'GET',
    path: `/api/v1/messages/${id}`,
    auth: 'owner',
  })
for (const who of ['owner', 'member'])
  add(`GET /users/me ${who} after create`, { method: 'GET', path: '/api/v1/users/me', auth: who })

writeFileSync(join(here, 'requests-onboarding.json'), `${JSON.stringify(steps, null, 1)}\n`)
process.stdout.write(`${steps.length} steps\n`)
