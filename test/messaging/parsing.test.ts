import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { API, accounts, api, basic, errorText, messagingOptions } from './support.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)
const fields = {
  email: 'romeo@acme.example',
  password: 'correct-horse',
  full_name: 'Romeo Montague',
}
const created = { result: 'success', msg: '', user_id: 8 }
const missingEmail = errorText("Missing 'email' argument", 'REQUEST_VARIABLE_MISSING', {
  var_name: 'email',
})
const postUsers = (body: BodyInit, contentType?: string, query = '') =>
  api('POST', `/users${query}`, {
    body: body as string,
    headers: contentType ? { 'content-type': contentType } : {},
  })

/** A multipart body with CRLF line endings; parts are `[headers, value]`. */
function multipart(
  boundary: string,
  parts: Array<[string, string]>,
  options: { preamble?: string; close?: boolean } = {},
) {
  const body = parts
    .map(([headers, value]) => `--${boundary}\r\n${headers}\r\n\r\n${value}\r\n`)
    .join('')
  return `${options.preamble ?? ''}${body}${options.close === false ? '' : `--${boundary}--\r\n`}`
}
const field = (name: string, value: string): [string, string] => [
  `Content-Disposition: form-data; name="${name}"`,
  value,
]
const allFields = () => Object.entries(fields).map(([name, value]) => field(name, value))

describe('request parameters', () => {
  it('reads an application/x-www-form-urlencoded body', async () => {
    expect((await api('POST', '/users', { form: fields })).body).toEqual(created)
  })

  it("reads fetch's multipart/form-data body", async () => {
    expect((await api('POST', '/users', { multipart: fields })).body).toEqual(created)
  })

  it('reads a multipart body whose boundary follows ";" without a space, as zulip-js sends it', async () => {
    const boundary = '--------------------------123456789012345678901234'
    const { body } = await postUsers(
      multipart(boundary, allFields()),
      `multipart/form-data;boundary=${boundary}`,
    )
    expect(body).toEqual(created)
  })

  // Oracle round 2 (r2-create-encoding [20], r2-probes [0]-[4], 384 and 442): parts written with another
  // boundary are one preamble part for Django, named by its first header block, holding the rest of the body.
  it('reads a preamble with a header block as a field, as Django does', async () => {
    const other = multipart('AAA', allFields())
    const mismatched = await postUsers(other, 'multipart/form-data; boundary=BBB')
    expect(mismatched.text).toBe(
      errorText("Missing 'password' argument", 'REQUEST_VARIABLE_MISSING', {
        var_name: 'password',
      }),
    )
    const welcome = (body: string) =>
      api('POST', '/realm/test_welcome_bot_custom_message', {
        body,
        headers: { 'content-type': 'multipart/form-data; boundary=BBB' },
      })
    const raw = async (sent: { body: { message_id: number } }) =>
      (await api('GET', `/messages/${sent.body.message_id}?apply_markdown=false`)).body.message
        .content
    const alone = await welcome(
      multipart('AAA', [field('welcome_message_custom_text', 'pre amble')]),
    )
    expect(await raw(alone)).toBe(
      'A note from @_*role:administrators*:\n```quote\npre amble\r\n--AAA--\r\n\n```',
    )
    const before = await welcome(
      `Content-Disposition: form-data; name="welcome_message_custom_text"\r\n\r\nfirst\r\n${multipart('BBB', [field('x', 'y')])}`,
    )
    expect(before.text).toBe(
      `{"result":"success","msg":"","message_id":${before.body.message_id},"ignored_parameters_unsupported":["x"]}\n`,
    )
    expect(await raw(before)).toBe('A note from @_*role:administrators*:\n```quote\nfirst\n```')
  })

  it('reads a quoted boundary, any case in the media type, a preamble and an epilogue', async () => {
    const boundary = 'a quoted; boundary'
    const text = `${multipart(boundary, allFields(), { preamble: 'ignored preamble\r\n' })}epilogue`
    expect((await postUsers(text, `Multipart/Form-Data; Boundary="${boundary}"`)).body).toEqual(
      created,
    )
  })

  it('reads a part that lacks the closing delimiter', async () => {
    expect(
      (
        await postUsers(
          multipart('b0undary', allFields(), { close: false }),
          'multipart/form-data; boundary=b0undary',
        )
      ).body,
    ).toEqual(created)
  })

  it('skips file parts, parts without a name, and headers without the blank line', async () => {
    const parts: Array<[string, string]> = [
      ...allFields(),
      [
        'Content-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png',
        'PNG',
      ],
      ['Content-Type: text/plain', 'no disposition'],
      ['Content-Disposition: form-data; name=""', 'blank name'],
      ['Content-Disposition: form-data; name="empty_file"; filename=""', 'a field after all'],
    ]
    const { body } = await postUsers(multipart('xyz', parts), 'multipart/form-data; boundary=xyz')
    expect(body).toEqual({ ...created, ignored_parameters_unsupported: ['empty_file'] })
    const fileEmail: Array<[string, string]> = [
      ['Content-Disposition: form-data; name="email"; filename="e.txt"', 'x@acme.example'],
    ]
    expect(
      (await postUsers(multipart('xyz', fileEmail), 'multipart/form-data; boundary=xyz')).text,
    ).toBe(missingEmail)
  })

  it('finds no parameters in a multipart body with bare LF line endings', async () => {
    const text = multipart('xyz', allFields()).replaceAll('\r\n', '\n')
    expect((await postUsers(text, 'multipart/form-data; boundary=xyz')).text).toBe(missingEmail)
  })

  it('decodes a base64 part', async () => {
    const parts: Array<[string, string]> = [
      [
        'Content-Disposition: form-data; name="email"\r\nContent-Transfer-Encoding: base64',
        Buffer.from(fields.email).toString('base64'),
      ],
      field('password', fields.password),
      field('full_name', fields.full_name),
    ]
    expect(
      (await postUsers(multipart('xyz', parts), 'multipart/form-data; boundary=xyz')).body,
    ).toEqual(created)
    expect(simulator.messaging.users('acme').at(-1)?.email).toBe(fields.email)
  })

  it("answers Django's 400 page for a multipart body without a valid boundary", async () => {
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary="   "',
    ]) {
      const { status, text, headers } = await postUsers(multipart('xyz', allFields()), type)
      expect([type, status, headers.get('content-type')]).toEqual([
        type,
        400,
        'text/html; charset=utf-8',
      ])
      expect(text).toContain('<h1>Bad Request (400)</h1>')
    }
  })

  it("answers Django's 400 page for more than 1000 fields, and accepts 1000", async () => {
    const many = (count: number) => Array.from({ length: count - 3 }, (_, i) => `f${i}=1`).join('&')
    const ok = await postUsers(
      `${new URLSearchParams(fields)}&${many(1000)}`,
      'application/x-www-form-urlencoded',
    )
    expect(ok.status).toBe(200)
    expect(ok.body.ignored_parameters_unsupported).toHaveLength(997)
    const tooMany = await postUsers(
      `${new URLSearchParams(fields)}&${many(1001)}`,
      'application/x-www-form-urlencoded',
    )
    expect(tooMany.status).toBe(400)
    expect(tooMany.text).toContain('Bad Request (400)')
    expect((await api('GET', `/users?${many(1004)}`)).status).toBe(400)
  })

  it('takes the last of repeated values', async () => {
    const body =
      'email=first@acme.example&email=romeo@acme.example&password=x&password=correct-horse&full_name=Romeo%20Montague'
    expect((await postUsers(body, 'application/x-www-form-urlencoded')).body).toEqual(created)
    expect(simulator.messaging.users('acme').at(-1)?.email).toBe('romeo@acme.example')
  })

  it('reads parameters from the query string of a POST, the body winning', async () => {
    const query = `?${new URLSearchParams({ ...fields, email: 'query@acme.example' })}`
    const { body } = await postUsers(
      'email=romeo%40acme.example',
      'application/x-www-form-urlencoded',
      query,
    )
    expect(body).toEqual(created)
    expect(simulator.messaging.users('acme').at(-1)?.email).toBe('romeo@acme.example')
  })

  it('finds no parameters in a JSON or text body', async () => {
    expect((await postUsers(JSON.stringify(fields), 'application/json')).text).toBe(missingEmail)
    expect((await postUsers(new URLSearchParams(fields).toString(), 'text/plain')).text).toBe(
      missingEmail,
    )
  })

  it('decodes a urlencoded body that is not UTF-8 as Latin-1, and bad percent escapes as U+FFFD', async () => {
    const bytes = Buffer.concat([
      Buffer.from('email=romeo%40acme.example&password=correct-horse&full_name=Ren'),
      Buffer.from([0xe9]),
      Buffer.from('e'),
    ])
    const response = await fetch(`${API}/users`, {
      method: 'POST',
      headers: {
        authorization: basic(accounts.iago),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: bytes,
    })
    expect(response.status).toBe(200)
    expect(simulator.messaging.users('acme').at(-1)?.fullName).toBe('Renée')
    await api('POST', '/users', {
      body: 'email=juliet%40acme.example&password=correct-horse&full_name=Jul%FFiet',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(simulator.messaging.users('acme').at(-1)?.fullName).toBe('Jul\uFFFDiet')
  })

  it('lets a method parameter in the body override the HTTP method, and lists it as unsupported', async () => {
    const { status, body } = await api('POST', '/users', { form: { method: 'GET' } })
    expect(status).toBe(200)
    expect(body.members).toHaveLength(6)
    expect(body.ignored_parameters_unsupported).toEqual(['method'])
    const patch = await api('POST', '/users', { form: { method: 'PATCH' } })
    expect([patch.status, patch.text]).toEqual([
      405,
      '{"result":"error","msg":"Method Not Allowed","allowed_methods":["GET","POST","HEAD"]}',
    ])
  })

  it('ignores a method parameter in the query string', async () => {
    expect((await api('POST', '/users?method=GET', { form: fields })).body).toEqual({
      ...created,
      ignored_parameters_unsupported: ['method'],
    })
  })

  it('answers malformed requests with a 4xx, never a 5xx', async () => {
    const cases: Array<[string, string, Record<string, string>, string | undefined]> = [
      [
        'POST',
        '/users',
        { 'content-type': 'multipart/form-data; boundary=x' },
        '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n\u00ff\u00fe',
      ],
      [
        'POST',
        '/users',
        { 'content-type': "multipart/form-data; boundary*=utf-8''%ZZ" },
        '--%ZZ--',
      ],
      ['POST', '/users', { 'content-type': ';;;' }, 'email=x'],
      [
        'POST',
        '/users?client_gravatar=%',
        { 'content-type': 'application/x-www-form-urlencoded; charset=nope' },
        'email=%FF&full_name=%00',
      ],
      ['GET', '/users/a%2Fb', {}, undefined],
      ['GET', '/messages/1?apply_markdown=[]', {}, undefined],
      ['GET', '/users', { accept: '*/*;q=x, ,,', authorization: 'Basic ====' }, undefined],
      ['PUT', '/users', {}, 'x'],
    ]
    for (const [method, path, headers, body] of cases) {
      const { status } = await api(method, path, { headers, body })
      expect([method, path, status >= 400 && status < 500]).toEqual([method, path, true])
    }
  })

  it('routes a path with a malformed percent escape like the real server, to GET /users/{email}', async () => {
    const { status, body } = await api('GET', '/users/%E0%A4%A', { as: null })
    expect(status).toBe(401)
    expect(body).toEqual({
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    })
  })
})
