/**
 * `simulator.fetch(url, init)` reads common calls directly instead of building a `Request` (see
 * src/simulator/fetch/request.ts). Whatever path a call takes, the simulator must see the same request as when the
 * same call is made with a `Request`: same answer, same journal entry (method, path, query, parsed body,
 * operation, status). The cases below include every body type the direct path reads, default content types
 * (which decide whether a form is parsed), method spellings and headers given in each form.
 */
import { describe, expect, it } from 'vitest'
import { ACME, fetchSimulator, iagoAuth, ROUTER, routerAuth } from './support.js'

const form = 'email=romeo%40acme.example&password=correct-horse&full_name=Romeo'
const chat = '{"messages":[{"role":"system","content":"Hi"}],"model":"a/b"}'

const cases: Array<[string, string, RequestInit | undefined]> = [
  ['no init', `${ROUTER}/presets`, undefined],
  ['a query string', `${ROUTER}/presets?limit=1&offset=0`, { headers: routerAuth }],
  ['headers as pairs', `${ROUTER}/presets`, { headers: Object.entries(routerAuth) }],
  ['headers as Headers', `${ROUTER}/presets`, { headers: new Headers(routerAuth) }],
  [
    'a JSON string with its type',
    `${ROUTER}/presets/p/chat/completions`,
    { method: 'POST', headers: { ...routerAuth, 'content-type': 'application/json' }, body: chat },
  ],
  [
    'a JSON string without a type (text/plain by default)',
    `${ROUTER}/presets/p/chat/completions`,
    { method: 'POST', headers: routerAuth, body: chat },
  ],
  [
    'a form string without a type (text/plain: not a form)',
    `${ACME}/users`,
    { method: 'POST', headers: iagoAuth, body: form },
  ],
  [
    'URLSearchParams (a form by default)',
    `${ACME}/users`,
    { method: 'post', headers: iagoAuth, body: new URLSearchParams(form) },
  ],
  [
    'URLSearchParams with a type of its own',
    `${ACME}/users`,
    {
      method: 'POST',
      headers: { ...iagoAuth, 'Content-Type': 'text/plain' },
      body: new URLSearchParams(form),
    },
  ],
  [
    'a Uint8Array view into a larger buffer',
    `${ACME}/users`,
    {
      method: 'POST',
      headers: { ...iagoAuth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new TextEncoder().encode(`xx${form}yy`).subarray(2, 2 + form.length),
    },
  ],
  ['an empty string body', `${ACME}/users`, { method: 'POST', headers: iagoAuth, body: '' }],
  ['a lower-case delete', `${ROUTER}/presets/p`, { method: 'delete', headers: routerAuth }],
  [
    'a PATCH, as clients send it (not a method fetch normalizes)',
    `${ACME}/users`,
    { method: 'PATCH', headers: iagoAuth },
  ],
  ['HEAD', `${ACME}/users`, { method: 'HEAD', headers: iagoAuth }],
  ['a URL object', `${ACME}/users`, { headers: iagoAuth }],
]

describe('simulator.fetch reads a call as a Request would', () => {
  it.each(cases)('with %s', async (_name, url, init) => {
    const direct = fetchSimulator()
    const viaRequest = fetchSimulator()
    const input = _name === 'a URL object' ? new URL(url) : url
    const a = await direct.fetch(input, init)
    const b = await viaRequest.fetch(new Request(url, init))
    expect([a.status, [...a.headers], await a.text()]).toEqual([
      b.status,
      [...b.headers],
      await b.text(),
    ])
    const strip = ({ durationMs: _d, ...entry }: { durationMs: number }) => entry
    expect(direct.journal.entries().map(strip)).toEqual(viaRequest.journal.entries().map(strip))
    expect(direct.journal.count()).toBe(1)
  })
})
