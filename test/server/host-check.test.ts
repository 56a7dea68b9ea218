/**
 * DNS rebinding: the standalone server answers only requests whose `Host` is localhost, an IP address,
 * the bound host or a name the user allows (`allowedHosts`); any other gets 403 naming the host and how
 * to allow it, on the control surface and on the services alike.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'
import { useServer } from '../support/server.js'
import { exchange, keys, problem, send } from './support.js'

const refusal = (header: string, name: string) =>
  problem(
    `Host "${header}" is not allowed. Understudy answers localhost, IP addresses and the host names you allow: startServer({ allowedHosts: ['${name}'] }) or understudy-mock serve --allowed-host ${name}.`,
  )

describe('a server with the default hosts', () => {
  const server = useServer()
  let port: string
  beforeAll(() => {
    port = new URL(server.url).port
  })

  it('refuses discovery to a rebound name, with 403 naming the host and how to allow it', async () => {
    const reply = await send(`${server.url}/__understudy`, {
      headers: { host: `attacker.example:${port}` },
    })
    expect([reply.status, reply.headers['content-type'], reply.body]).toEqual([
      403,
      'application/json',
      refusal(`attacker.example:${port}`, 'attacker.example'),
    ])
    expect(reply.body).not.toContain(keys.inference)
  })

  it('refuses the services and the inspector to it as well, and a request with no Host', async () => {
    const router = await send(`${server.services.router}/presets`, {
      headers: { host: 'Attacker.Example.', authorization: `Bearer ${keys.inference}` },
    })
    expect([router.status, router.body]).toEqual([
      403,
      refusal('Attacker.Example.', 'attacker.example'),
    ])
    const inspector = await send(`${server.url}/__understudy/inspector`, {
      headers: { host: 'localhost.attacker.example' },
    })
    expect(inspector.status).toBe(403)
    // node:http always sends Host on HTTP/1.1; HTTP/1.0 may leave it out.
    const raw = await exchange(server.url, 'GET /__understudy HTTP/1.0\r\n\r\n')
    expect(raw.split('\r\n', 1)[0]).toBe('HTTP/1.1 403 Forbidden')
    expect(
      raw.endsWith(
        problem(
          'The request has no Host header; Understudy answers only requests that name their host.',
        ),
      ),
    ).toBe(true)
  })

  it.each([
    'localhost',
    'localhost:9999',
    'LOCALHOST:4010',
    'app.localhost:3000',
    '127.0.0.1',
    '127.0.0.1:80',
    '[::1]:4010',
    '192.168.1.20:4010',
  ])('answers Host %s', async (host) => {
    const reply = await send(`${server.url}/__understudy/clock`, { headers: { host } })
    expect(reply.status).toBe(200)
  })

  it.each(['attacker.example', 'localhost.example', '127.0.0.1.nip.io', '[::1', 'evil:80:80'])(
    'refuses Host %s',
    async (host) => {
      expect((await send(`${server.url}/__understudy/clock`, { headers: { host } })).status).toBe(
        403,
      )
    },
  )
})

describe('allowedHosts', () => {
  let server: RunningServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
    vi.restoreAllMocks()
  })
  const status = (host: string) =>
    send(`${server?.url}/__understudy/clock`, { headers: { host } }).then((reply) => reply.status)

  it('adds exact names, and a name with every name below it for a leading dot', async () => {
    server = await startServer({ port: 0, allowedHosts: ['MyBox.lan', '.demo.test'] })
    expect(
      await Promise.all(
        [
          'mybox.lan:4010',
          'demo.test',
          'a.b.demo.test:80',
          'other.mybox.lan',
          'xdemo.test',
          'attacker.example',
        ].map(status),
      ),
    ).toEqual([200, 200, 200, 403, 403, 403])
  })

  it('answers every host with true', async () => {
    server = await startServer({ port: 0, allowedHosts: true })
    expect(await status('anything.example:1')).toBe(200)
  })

  it('answers the bound host name, and IP addresses when bound beyond loopback', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    server = await startServer({ port: 0, host: '0.0.0.0' })
    expect(await Promise.all(['10.1.2.3:4010', '0.0.0.0', 'mybox.lan'].map(status))).toEqual([
      200, 200, 403,
    ])
    await server.close()
    server = await startServer({ port: 0, host: 'localhost' })
    expect(await status('localhost')).toBe(200)
  })

  it('refuses a bad list at start', async () => {
    for (const bad of [['http://mybox.lan'], ['mybox.lan:4010'], [''], 'mybox.lan', [42]]) {
      await expect(
        startServer({ port: 0, allowedHosts: bad as unknown as string[] }),
      ).rejects.toThrow('[understudy] Failed to start the server: allowedHosts')
    }
  })
})
