/**
 * Stopping `understudy-mock serve`: SIGINT or SIGTERM says "stopped" and exits 0 (with a keep-alive connection
 * open, which the server closes at once); a second signal while closing exits 1 at once.
 */
import { once } from 'node:events'
import { Agent, request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createStopHandler } from '../../src/entries/cli/shutdown.js'
import { startCli } from '../support/cli.js'

/** Sends a GET on a keep-alive agent and reads the answer; the connection stays open in the agent. */
async function keepAliveGet(agent: Agent, url: string): Promise<[number, string | undefined]> {
  const sent = request(url, { agent })
  sent.end()
  const [response] = (await once(sent, 'response')) as [import('node:http').IncomingMessage]
  response.resume()
  await once(response, 'end')
  return [response.statusCode ?? 0, response.headers.connection]
}

describe('stopping the server', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'says "understudy: stopped" and exits 0 on %s with a keep-alive connection open',
    async (signal) => {
      const cli = await startCli(['--quiet'], { bin: true })
      const agent = new Agent({ keepAlive: true })
      try {
        expect(await keepAliveGet(agent, `${cli.origin}/__understudy`)).toEqual([200, 'keep-alive'])
        const closed = once(cli.process, 'close')
        cli.process.kill(signal)
        // A generous bound, not a benchmark: without a prompt close the CLI would never print "stopped".
        const [code] = (await closed) as [number | null]
        expect(code).toBe(0)
        expect(cli.output().split('\n').slice(-2)).toEqual(['understudy: stopped', ''])
        expect(cli.errors()).toBe('')
      } finally {
        agent.destroy()
        if (cli.process.exitCode === null) cli.process.kill('SIGKILL')
      }
    },
    30_000,
  )
})

describe('the stop handler', () => {
  it('closes once, then says "stopped" and exits 0', async () => {
    const said: string[] = []
    const exits: number[] = []
    let closes = 0
    const stop = createStopHandler(
      async () => {
        closes++
      },
      { say: (line) => said.push(line), exit: (code) => exits.push(code) },
    )
    stop()
    await new Promise((resolve) => setImmediate(resolve))
    expect([closes, said, exits]).toEqual([1, ['understudy: stopped'], [0]])
  })

  it('exits 1 at once on a second signal while the server is still closing', () => {
    const said: string[] = []
    const exits: number[] = []
    const stop = createStopHandler(() => new Promise<void>(() => {}), {
      say: (line) => said.push(line),
      exit: (code) => exits.push(code),
    })
    stop()
    expect(exits).toEqual([])
    stop()
    expect([said, exits]).toEqual([['understudy: stopped without waiting'], [1]])
  })

  it('exits 1 when closing fails', async () => {
    const said: string[] = []
    const exits: number[] = []
    const stop = createStopHandler(() => Promise.reject(new Error('[understudy] broken')), {
      say: (line) => said.push(line),
      exit: (code) => exits.push(code),
    })
    stop()
    await new Promise((resolve) => setImmediate(resolve))
    expect([said, exits]).toEqual([['understudy: stopped, but closing failed: broken'], [1]])
  })
})
