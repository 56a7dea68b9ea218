/**
 * `understudy-mock serve` as the built bin (`npm run build` first): the start banner with the inspector's URL,
 * the request log (`--log`, `--log json`, never a secret), and the flags that reach `startServer`
 * (`--cors`, `--allowed-host`, `--journal-max-bytes`).
 */
import { once } from 'node:events'
import { type IncomingMessage, request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliServer, startCli } from '../support/cli.js'
import { accounts, basic, keys } from '../support/credentials.js'
import { NOW } from '../support/time.js'

const TOKEN = 'cli-control-token-0123'
let logged: CliServer
let json: CliServer

beforeAll(async () => {
  ;[logged, json] = await Promise.all([
    startCli(
      [
        ...['--quiet', '--log', '--now', NOW, '--control-token', TOKEN, '--cors'],
        ...['--allowed-host', 'demo.test', '--journal-max-bytes', '1048576'],
      ],
      { bin: true },
    ),
    startCli(['--log', 'json', '--now', NOW], { bin: true }),
  ])
}, 60_000)
afterAll(async () => {
  await Promise.all([logged?.stop(), json?.stop()])
})

/** Waits (generously: this is no benchmark) until `ready()` holds. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !ready(); waited += 20) {
    if (waited > 10_000) throw new Error(`waited 10 s for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A raw request, so that any Host header can be sent. */
async function send(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<IncomingMessage> {
  const sent = request(url, options)
  sent.end()
  const [response] = (await once(sent, 'response')) as [IncomingMessage]
  response.resume()
  await once(response, 'end')
  return response
}

describe('the start banner', () => {
  it('prints the inspector’s URL, with a hint for the token but not the token', () => {
    expect(logged.output()).toContain(
      `inspector  ${logged.origin}/__understudy/inspector?token=<control token>\n`,
    )
    expect(logged.output()).not.toContain(TOKEN)
  })

  it('prints the inspector’s URL without a hint when there is no token', () => {
    expect(json.errors()).toContain(`inspector  ${json.origin}/__understudy/inspector\n`)
  })
})

describe('the request log', () => {
  it('is one line per request with --log: time, service, operation, status, duration, actor', async () => {
    const before = logged.output().split('\n').length
    const presets = await send(`${logged.router}/presets`, {
      headers: { authorization: `Bearer ${keys.inference}` },
    })
    const me = await send(`${logged.messaging.acme}/api/v1/users/me`, {
      headers: { authorization: basic(accounts.iago) },
    })
    const refused = await send(`${logged.router}/presets`, {
      headers: { authorization: 'Bearer sk-or-v1-not-a-key' },
    })
    expect([presets.statusCode, me.statusCode, refused.statusCode]).toEqual([200, 200, 401])
    await until(() => logged.output().split('\n').length >= before + 3, 'three log lines')
    const lines = logged
      .output()
      .split('\n')
      .slice(before - 1, before + 2)
    const duration = String.raw`\s+\d+\.\d ms`
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${NOW} router {4}listPresets {22}200${duration}  Default workspace inference key$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^${NOW} messaging get-own-user {21}200${duration}  ${accounts.iago.email}$`),
      ),
      expect.stringMatching(new RegExp(`^${NOW} router {4}listPresets {22}401${duration}  -$`)),
    ])
  })

  it('never prints a secret: no key, no password, no Authorization header', () => {
    const printed = logged.output() + logged.errors()
    for (const secret of [keys.inference, 'sk-or-v1-not-a-key', accounts.iago.key, TOKEN]) {
      expect(printed).not.toContain(secret)
    }
    expect(printed.toLowerCase()).not.toContain('authorization')
  })

  it('is one JSON object per line on stdout with --log json, the banner on stderr', async () => {
    expect(json.output()).toBe('')
    expect(json.errors()).toContain('Press Ctrl+C to stop.')
    const answered = await send(`${json.router}/presets`, {
      headers: { authorization: `Bearer ${keys.management}` },
    })
    expect(answered.statusCode).toBe(200)
    await until(() => json.output().endsWith('\n'), 'a JSON line')
    const [line, ...rest] = json.output().split('\n')
    expect(rest).toEqual([''])
    expect(JSON.parse(line as string)).toEqual({
      time: NOW,
      seq: 1,
      service: 'router',
      tenant: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01',
      operation: 'listPresets',
      actor: 'Default workspace management key',
      method: 'GET',
      path: '/presets',
      status: 200,
      durationMs: expect.any(Number),
      fault: null,
    })
  })
})

describe('flags that reach startServer', () => {
  it('--cors answers a preflight from a loopback origin; without it, no CORS', async () => {
    const preflight = {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5500',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    }
    const [allowed, plain] = await Promise.all([
      send(`${logged.router}/presets`, preflight),
      send(`${json.router}/presets`, preflight),
    ])
    expect([allowed.statusCode, allowed.headers['access-control-allow-origin']]).toEqual([
      204,
      'http://localhost:5500',
    ])
    expect(plain.headers['access-control-allow-origin']).toBeUndefined()
    // --cors alone lets loopback pages in, not a public site the developer happens to visit.
    const foreign = await send(`${logged.router}/presets`, {
      ...preflight,
      headers: { ...preflight.headers, origin: 'https://evil.example' },
    })
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('--allowed-host lets that Host name in; without it, it is refused', async () => {
    const headers = { host: 'demo.test', authorization: `Bearer ${keys.inference}` }
    const [allowed, refused] = await Promise.all([
      send(`${logged.router}/presets`, { headers }),
      send(`${json.router}/presets`, { headers }),
    ])
    expect([allowed.statusCode, refused.statusCode]).toEqual([200, 403])
  })

  it('--journal-max-bytes sets the journal’s byte budget', async () => {
    const response = await fetch(`${logged.origin}/__understudy`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    const discovery = (await response.json()) as { journal: { maxBytes: number } }
    expect(discovery.journal.maxBytes).toBe(1_048_576)
  })
})
