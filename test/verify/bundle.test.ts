/**
 * `understudy-mock/verify` is Node only and adds nothing to what a browser loads: bundling the browser entry
 * point (and the root, which browsers import too) the way a web app's bundler does takes in no module of
 * `src/surfaces/verify/` and no `node:` built-in.
 */
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

async function inputsOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  })
  return Object.keys(result.metafile.inputs)
}

describe('the browser bundle', () => {
  it.each(['src/entries/browser/index.ts', 'src/entries/index.ts'])(
    '%s takes in nothing of verify',
    async (entry) => {
      const inputs = await inputsOf(entry)
      expect(inputs.length).toBeGreaterThan(20)
      expect(
        inputs.filter(
          (input) => input.includes('src/surfaces/verify/') || input.includes('src/entries/cli/'),
        ),
      ).toEqual([])
      expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([])
    },
  )

  it('while the verify entry point does take them in (the check can fail)', async () => {
    const result = await build({
      entryPoints: ['src/surfaces/verify/index.ts'],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      logLevel: 'silent',
    })
    expect(Object.keys(result.metafile.inputs)).toContain('src/surfaces/verify/verify-har.ts')
  })
})
