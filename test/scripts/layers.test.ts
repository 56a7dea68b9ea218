/**
 * `npm run layers` fails on an import against the layers of docs/architecture.md, type-only imports included,
 * and passes a tree that keeps them (scripts/check-layers.mjs, .dependency-cruiser.cjs).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const script = resolve('scripts/check-layers.mjs')
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

/** A small tree of the given files (path → source) and the checker's result on it. */
function check(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'understudy-layers-'))
  made.push(dir)
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), source)
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

const entry = { 'src/entries/node/index.ts': 'export type Simulator = { name: string }\n' }

describe('npm run layers', () => {
  it('refuses a type-only import of an entry point from the core', () => {
    const result = check({
      ...entry,
      'src/engine/core/clock.ts':
        "import type { Simulator } from '../../entries/node/index.js'\nexport type Seen = Simulator\n",
    })
    expect(result.status).toBe(1)
    expect(result.stderr.split('\n').filter(Boolean).sort()).toEqual([
      'core-imports-nothing: src/engine/core/clock.ts → src/entries/node/index.ts',
      'engine-knows-no-service: src/engine/core/clock.ts → src/entries/node/index.ts',
    ])
  })

  it('refuses a service that imports the simulator, and a handler that imports a surface', () => {
    const result = check({
      'src/simulator/simulator.ts': 'export const simulator = 1\n',
      'src/surfaces/control/http.ts': 'export const control = 1\n',
      'src/services/router/service.ts':
        "import { simulator } from '../../simulator/simulator.js'\nexport const router = simulator\n",
      'handlers/router/get-preset.ts':
        "import { control } from '../../src/surfaces/control/http.js'\nexport const handle = control\n",
    })
    expect(result.status).toBe(1)
    expect(result.stderr.split('\n').filter(Boolean).sort()).toEqual([
      'services-below-the-simulator: handlers/router/get-preset.ts → src/surfaces/control/http.ts',
      'services-below-the-simulator: src/services/router/service.ts → src/simulator/simulator.ts',
    ])
  })

  it('refuses a service that imports the built-in scenarios (data on top of the services)', () => {
    const result = check({
      'scenarios/index.ts': 'export const scenarios = {}\n',
      'src/services/router/scenario-schema.ts':
        "import { scenarios } from '../../../scenarios/index.js'\nexport const schema = scenarios\n",
      'src/services/scenario.ts':
        "import { schema } from './router/scenario-schema.js'\nexport const scenario = schema\n",
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      'scenarios-are-data: src/services/router/scenario-schema.ts → scenarios/index.ts\n',
    )
  })

  it('passes imports that point down the table', () => {
    const result = check({
      'src/engine/core/http.ts': 'export type Plain = { status: number }\n',
      'src/services/router/service.ts':
        "import type { Plain } from '../../engine/core/http.js'\nexport const router = (p: Plain) => p.status\n",
      'src/simulator/simulator.ts':
        "import { router } from '../services/router/service.js'\nexport const simulator = router\n",
      'src/entries/node/index.ts':
        "import { simulator } from '../../simulator/simulator.js'\nexport const node = simulator\n",
    })
    expect(result.stderr).toBe('')
    expect(result.stdout).toBe('layers: 4 modules, 3 imports, no rule broken\n')
    expect(result.status).toBe(0)
  })
})
