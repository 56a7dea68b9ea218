/**
 * The matchers, the CLI's and the server's options and verify's report text know each service only through
 * what its folder gives (`src/services/matchers.ts`, `ServiceDefinition.settings`, `VerifyPart.commandLine` and
 * `tenantLines`): `scripts/check-service-names.mjs` (the regression check of issue 32) lists none of their files.
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const FILES = [
  'src/surfaces/assertions/matchers.ts',
  'src/surfaces/assertions/typing.ts',
  'src/entries/vitest/index.ts',
  'src/entries/jest/index.ts',
  'src/entries/cli/args.ts',
  'src/entries/cli/serve-options.ts',
  'src/entries/cli/verify.ts',
  'src/entries/server/index.ts',
  'src/surfaces/verify/format.ts',
]

/** The files the check lists, each with the name it found first. */
function listed(): string[] {
  let output: string
  try {
    output = execFileSync(process.execPath, ['scripts/check-service-names.mjs'], {
      encoding: 'utf8',
    })
  } catch (error) {
    // Over the limit: the check fails, and still lists every file.
    output = (error as { stdout: string }).stdout
  }
  return output.split('\n').filter((line) => line.startsWith('src/'))
}

describe('the service surfaces name no service', () => {
  it('the check lists none of their files', () => {
    const lines = listed()
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.filter((line) => FILES.some((file) => line.startsWith(`${file}:`)))).toEqual([])
  })
})
