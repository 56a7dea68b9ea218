/**
 * The exports map as Node resolves it: `./browser` does not resolve in Node (`"node": null`),
 * `./node` and `./server` do not resolve under the `browser` condition (`"browser": null`), and
 * `./server`'s `startServer` serves over real HTTP. No msw interception in this file.
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const SPECIFIERS = [
  'understudy-mock',
  'understudy-mock/node',
  'understudy-mock/server',
  'understudy-mock/verify',
  'understudy-mock/browser',
  'understudy-mock/package.json',
  'understudy-mock/dist/src/simulator/simulator.js',
]

/**
 * Resolves every specifier with plain Node (the binary running this test) from the consumer project, under
 * extra conditions; one child process per condition set. Maps each specifier to its URL or its error code.
 */
function nodeResolve(conditions = []) {
  const script = `const out = {}
for (const specifier of ${JSON.stringify(SPECIFIERS)}) {
  try { out[specifier] = import.meta.resolve(specifier) } catch (error) { out[specifier] = error.code }
}
process.stdout.write(JSON.stringify(out))`
  const args = [...conditions.map((c) => `--conditions=${c}`), '--input-type=module', '-e', script]
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }))
}

// Only plain Node is asserted: vitest 4's module runner (Vite 8) resolves a test's bare imports itself and does
// not apply `"node": null`, so `import('understudy-mock/browser')` in a vitest test loads the module (as
// `import('msw/browser')` does with msw 2); the module's own `msw/browser` import then fails natively on msw 3.
describe('the exports map in plain Node', () => {
  const inNode = nodeResolve()
  const inBrowser = nodeResolve(['browser'])

  it('resolves the root, ./node, ./server, ./verify and ./package.json', () => {
    for (const specifier of SPECIFIERS.filter((s) => !/browser|dist/.test(s))) {
      expect(inNode[specifier], specifier).toMatch(/\/node_modules\/understudy-mock\//)
    }
  })

  it('refuses ./browser in Node (the `node: null` condition)', () => {
    expect(inNode['understudy-mock/browser']).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED')
  })

  it('refuses ./node, ./server and ./verify under the browser condition (`browser: null`), keeps the root', () => {
    expect(inBrowser['understudy-mock/node']).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED')
    expect(inBrowser['understudy-mock/server']).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED')
    expect(inBrowser['understudy-mock/verify']).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED')
    expect(inBrowser['understudy-mock']).toMatch(/\/dist\/src\/entries\/index\.js$/)
  })

  it('exports no internals', () => {
    expect(inNode['understudy-mock/dist/src/simulator/simulator.js']).toBe(
      'ERR_PACKAGE_PATH_NOT_EXPORTED',
    )
  })
})

describe('understudy-mock/server', () => {
  it('starts on a free port and answers the router without a key with 401', async () => {
    const { startServer } = await import('understudy-mock/server')
    const server = await startServer({ port: 0, seed: 'pack-check' })
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(server.services.router).toBe(`${server.url}/router/api/v1`)
      const response = await fetch(`${server.services.router}/presets`)
      expect(response.status).toBe(401)
      const authorized = await fetch(`${server.services.router}/presets`, {
        headers: { authorization: 'Bearer sk-or-v1-understudy-default-inference' },
      })
      expect(authorized.status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('the root entry creates simulators without msw interception', async () => {
    const { createSimulator, scenarios } = await import('understudy-mock')
    const simulator = createSimulator({ scenario: 'empty' })
    await simulator.ready
    expect(Object.keys(scenarios)).toContain('default')
    expect(simulator.handlers.length).toBeGreaterThan(0)
  })
})

describe('understudy-mock/verify', () => {
  it('verifies a recording of the simulator clean, and reports an edited answer', async () => {
    const { createSimulator } = await import('understudy-mock')
    const { verifyHar } = await import('understudy-mock/verify')
    const simulator = createSimulator({ seed: 'pack-check', now: '2026-01-01T00:00:00Z' })
    const headers = { authorization: 'Bearer sk-or-v1-understudy-default-inference' }
    await simulator.fetch('https://openrouter.ai/api/v1/presets/x/chat/completions', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'system', content: 'Hi' }] }),
    })
    await simulator.fetch('https://openrouter.ai/api/v1/presets/nope', { headers })
    const har = simulator.journal.toHAR({}, { redact: false })
    const clean = await verifyHar(har)
    expect([clean.differences, clean.compared, clean.skipped]).toEqual([[], 2, []])
    // And the installed bin's `verify --har`: exit 0, the summary line.
    const { writeFileSync, mkdtempSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const file = join(mkdtempSync(join(tmpdir(), 'pack-check-verify-')), 'session.har')
    writeFileSync(file, JSON.stringify(har))
    const bin = join(process.cwd(), 'node_modules', '.bin', 'understudy-mock')
    expect(execFileSync(bin, ['verify', '--har', file], { encoding: 'utf8' })).toMatch(
      /^understudy-mock verify: 2 exchanges compared, 0 skipped, no differences\n/,
    )
    har.log.entries[1].response.content.text = '{"error":{"message":"Gone","code":404}}'
    const edited = await verifyHar(har)
    expect(edited.differences).toEqual([
      {
        exchange: 2,
        method: 'GET',
        url: 'https://openrouter.ai/api/v1/presets/nope',
        kind: 'value',
        path: 'body.error.message',
        expected: 'Gone',
        actual: 'Preset not found',
      },
    ])
  })
})

describe('the installed bin (node_modules/.bin/understudy-mock, one bundled file; also linked as understudy)', () => {
  /** Starts `understudy-mock serve --port 0 --quiet <extra>` and resolves with its origin and a stop function. */
  async function serve(extra) {
    const { spawn } = await import('node:child_process')
    const { join } = await import('node:path')
    const bin = join(process.cwd(), 'node_modules', '.bin', 'understudy-mock')
    const child = spawn(bin, ['serve', '--port', '0', '--quiet', ...extra], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const origin = await new Promise((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (chunk) => {
        out += chunk
        const found = /http:\/\/127\.0\.0\.1:\d+/.exec(out)
        if (found) resolve(found[0])
      })
      child.once('exit', (code) => reject(new Error(`understudy exited with ${code}: ${out}`)))
    })
    return { origin, stop: () => child.kill('SIGTERM') }
  }

  for (const engine of ['direct', 'msw']) {
    it(`serves the router and the messaging service (engine ${engine})`, async () => {
      const { origin, stop } = await serve(['--engine', engine])
      try {
        const presets = await fetch(`${origin}/router/api/v1/presets`, {
          headers: { authorization: 'Bearer sk-or-v1-understudy-default-inference' },
        })
        expect([presets.status, await presets.json()]).toEqual([200, { data: [], total_count: 0 }])
        const settings = await fetch(`${origin}/messaging/acme/api/v1/server_settings`)
        expect(settings.status).toBe(200)
        expect((await settings.json()).realm_uri).toBe(`${origin}/messaging/acme`)
      } finally {
        stop()
      }
    })
  }

  it('is linked under both names, understudy-mock (npx understudy-mock) and understudy', async () => {
    const { realpathSync } = await import('node:fs')
    const { join } = await import('node:path')
    const bins = ['understudy-mock', 'understudy'].map((name) =>
      realpathSync(join(process.cwd(), 'node_modules', '.bin', name)),
    )
    expect(bins[0]).toMatch(/\/understudy-mock\/dist\/bin\/understudy\.js$/)
    expect(bins[1]).toBe(bins[0])
  })
})
