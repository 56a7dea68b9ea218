/**
 * `npm run service-names` lists the files outside the services whose code names a service (comments left out) and
 * fails on any but its allow-list (the entry point's public types) or past five
 * (scripts/check-service-names.mjs).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const script = resolve('scripts/check-service-names.mjs')
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

function check(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'understudy-names-'))
  made.push(dir)
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), source)
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' })
  return {
    status: run.status,
    lines: run.stdout.trim().split('\n'),
    refused: run.stderr.trim().split('\n').filter(Boolean),
  }
}

const services = {
  'src/services/router/service.ts': "export const name = 'router'\n",
  'src/services/messaging/service.ts': "export const name = 'messaging'\n",
}

describe('npm run service-names', () => {
  it('names each file outside the services that names one in its code, not in its comments', () => {
    const result = check({
      ...services,
      'src/simulator/a.ts': '// the router answers\nexport const a = 1\n',
      'src/simulator/b.ts': "export const b = (s: string) => s === 'messaging'\n",
      'src/surfaces/c.ts':
        'export type C = { RouterKey: string }\nexport const MAX_ROUTER_KEYS = 1\n',
    })
    expect(result.lines).toEqual([
      'src/simulator/b.ts: messaging',
      'src/surfaces/c.ts: RouterKey',
      '2 files outside the services name one (at most 5)',
    ])
    expect(result.refused).toEqual([
      'src/simulator/b.ts names a service: give what it needs through the registry',
      'src/surfaces/c.ts names a service: give what it needs through the registry',
    ])
    expect(result.status).toBe(1)
  })

  it("passes the entry point that gives the services' public types their names, and nothing else", () => {
    const result = check({
      ...services,
      'src/entries/index.ts':
        "export type { RouterService } from '../services/router/service.js'\n",
      'src/simulator/a.ts': '// the router answers\nexport const a = 1\n',
    })
    expect(result.lines).toEqual([
      'src/entries/index.ts: RouterService',
      '1 files outside the services name one (at most 5)',
    ])
    expect(result.refused).toEqual([])
    expect(result.status).toBe(0)
  })

  it('fails past five', () => {
    const many = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => [
        `src/surfaces/${name}.ts`,
        `export const ${name} = 'router'\n`,
      ]),
    )
    const result = check({ ...services, ...many })
    expect(result.lines.at(-1)).toBe('6 files outside the services name one (at most 5)')
    expect(result.status).toBe(1)
  })
})
