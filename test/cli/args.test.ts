/**
 * The command line, parsed in process: which options reach `startServer` under which names, and the
 * one-line refusals of a bad one (the spawned CLI's exit code and output are in errors.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { HELP, parseCommandLine } from '../../src/entries/cli/args.js'
import { UsageError } from '../../src/entries/cli/errors.js'
import { serveSettings } from '../../src/entries/cli/serve-options.js'
import { REFUSALS } from './refusals.js'

const settings = (...argv: string[]) => serveSettings(parseCommandLine(['serve', ...argv]).options)
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return [error instanceof UsageError, (error as Error).message]
  }
  return 'accepted'
}

describe('the command line', () => {
  it('serves by default, on 127.0.0.1:4010, with no log', () => {
    expect(parseCommandLine([]).command).toBe('serve')
    expect(settings()).toEqual({
      server: expect.objectContaining({ port: 4010, host: '127.0.0.1', cors: false }),
      scenario: undefined,
      quiet: false,
      log: undefined,
    })
    expect(settings().server).not.toHaveProperty('allowedHosts')
  })

  it('passes --cors, every --allowed-host and --journal-max-bytes to startServer', () => {
    const { server } = settings(
      '--cors',
      '--allowed-host',
      'demo.test',
      '--allowed-host=other.test',
      '--journal-max-bytes',
      '1048576',
    )
    expect([server.cors, server.allowedHosts, server.journalMaxBytes]).toEqual([
      true,
      ['demo.test', 'other.test'],
      1_048_576,
    ])
  })

  it.each<[string[], unknown]>([
    [['--cors'], true],
    [['--cors', '--port', '0'], true],
    [
      ['--cors', 'https://App.example.com/'],
      { origins: ['https://app.example.com'], loopback: false },
    ],
    [
      ['--cors=https://a.example', '--cors', 'http://localhost:5173'],
      { origins: ['https://a.example', 'http://localhost:5173'], loopback: false },
    ],
    [['--cors', '--cors', 'https://a.example'], { origins: ['https://a.example'], loopback: true }],
  ])('reads the CORS origins of %j', (argv, cors) => {
    expect(settings(...argv).server.cors).toEqual(cors)
  })

  it('passes the other options under startServer’s names', () => {
    const { server } = settings(
      ...['--port', '0', '--host', '::1', '--seed', 's', '--now', '2026-01-01T00:00:00Z'],
      ...['--feature-level', '512', '--latency', '20-200', '--journal-limit', '5'],
      ...['--control-token', 't0ken', '--engine', 'msw'],
    )
    expect(server).toEqual({
      port: 0,
      host: '::1',
      seed: 's',
      now: '2026-01-01T00:00:00Z',
      featureLevel: 512,
      latency: { min: 20, max: 200 },
      journalLimit: 5,
      journalMaxBytes: undefined,
      controlToken: 't0ken',
      engine: 'msw',
      cors: false,
    })
  })

  it.each<[string[], 'text' | 'json']>([
    [['--log'], 'text'],
    [['--log', 'text'], 'text'],
    [['--log', 'json'], 'json'],
    [['--log=json'], 'json'],
    [['--log', '--quiet'], 'text'],
  ])('reads the request log format of %j', (argv, format) => {
    expect(settings(...argv).log).toBe(format)
  })

  it('keeps a value after --log that is not a format for what follows', () => {
    expect(settings('--log', '--port', '0')).toMatchObject({ log: 'text', server: { port: 0 } })
    expect(refusal(() => parseCommandLine(['--log', 'xml']))).toEqual([
      true,
      "unknown command 'xml'",
    ])
  })

  it('answers --help and --version before anything else', () => {
    expect(parseCommandLine(['serve', '--version']).command).toBe('version')
    expect(parseCommandLine(['-h']).command).toBe('help')
    expect(parseCommandLine(['--help', '--version']).command).toBe('help')
  })

  it.each(REFUSALS)('refuses $argv with a UsageError naming the flag', ({ argv, message }) => {
    expect(refusal(() => serveSettings(parseCommandLine(argv).options))).toEqual([true, message])
  })

  it('lists every option in the help', () => {
    for (const flag of [
      '--cors',
      '--allowed-host <name>',
      '--journal-max-bytes <n>',
      '--log [json]',
    ]) {
      expect(HELP).toContain(flag)
    }
    expect(HELP).toContain('1 to 512 (default 500)')
    expect(HELP).toContain('(default 64 MiB)')
  })
})
