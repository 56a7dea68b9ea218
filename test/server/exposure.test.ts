/**
 * The standalone server binds to loopback by default, warns when bound elsewhere, and can protect its
 * control surface with a token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isLoopback, type RunningServer, startServer } from '../../src/entries/server/index.js'

let server: RunningServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
  vi.restoreAllMocks()
})

describe('network exposure', () => {
  it('binds to 127.0.0.1 by default without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server = await startServer({ port: 0 })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(warn).not.toHaveBeenCalled()
  })

  it('warns when bound beyond loopback, naming the open control surface', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server = await startServer({ port: 0, host: '0.0.0.0' })
    expect(warn).toHaveBeenCalledWith(
      '[understudy] Listening on 0.0.0.0, reachable from other machines. The control surface is open: pass a control token (--control-token) to protect it.',
    )
  })

  it('warns without the control hint when a token protects the control surface', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server = await startServer({ port: 0, host: '0.0.0.0', controlToken: 's3cret' })
    expect(warn).toHaveBeenCalledWith(
      '[understudy] Listening on 0.0.0.0, reachable from other machines.',
    )
  })

  it('tells loopback addresses from others', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', '127.0.0.1.evil'].map(isLoopback)).toEqual(
      [false, false, false, false, false],
    )
  })

  it('answers the control surface 401 without the token, and serves it with the token', async () => {
    server = await startServer({ port: 0, controlToken: 's3cret' })
    const control = `${server.url}/__understudy`
    const refused = await fetch(control)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({
      error: { message: 'The control surface needs the control token.' },
    })
    expect((await fetch(control, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
    expect((await fetch(`${control}/reset`, { method: 'POST' })).status).toBe(401)
    expect((await fetch(control, { headers: { authorization: 'Bearer s3cret' } })).status).toBe(200)
    expect(
      (await fetch(`${control}/journal`, { headers: { 'x-understudy-token': 's3cret' } })).status,
    ).toBe(200)
  })

  it('keeps serving the simulated services without the token', async () => {
    server = await startServer({ port: 0, controlToken: 's3cret' })
    const response = await fetch(`${server.services.router}/presets`, {
      headers: { authorization: 'Bearer sk-or-v1-understudy-default-inference' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ data: [], total_count: 0 })
  })
})
