/**
 * The browser bundle stays within its budget: a page that only calls `startSimulator`, bundled from the built
 * package (`dist/`, which `npm test` builds first) as a user's esbuild does, against a page with msw alone
 * (`scripts/bundle-size.mjs`; the figures are in `bench/bundle.ts`). No Chromium needed.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { type BundleSizes, INITIAL_BUDGET, kb, measureBundles } from '../../scripts/bundle-size.mjs'

const root = join(import.meta.dirname, '..', '..')

describe('the browser bundle', { timeout: 60_000 }, () => {
  let sizes: BundleSizes
  beforeAll(async () => {
    if (!existsSync(join(root, 'dist', 'src', 'entries', 'browser', 'index.js')))
      throw new Error('dist/ is missing: run `npm run build` first (npm test does)')
    sizes = await measureBundles({ root })
  }, 60_000)

  it(`adds at most ${kb(INITIAL_BUDGET)} to msw alone in the initial chunks`, () => {
    expect(sizes.msw.initial).toBeGreaterThan(100 * 1024)
    expect(sizes.share.initial, `the simulator's share: ${kb(sizes.share.initial)}`).toBeLessThan(
      INITIAL_BUDGET,
    )
  })

  it('loads the described schemas and re2js on demand, and zod as zod/mini without its other locales', () => {
    const { groups } = sizes.simulator
    const generated = groups['src/services/router/validation/described-schemas (generated)']
    expect(generated?.initial).toBe(0)
    expect(generated?.['on demand']).toBeGreaterThan(50 * 1024)
    expect(groups.re2js?.initial).toBe(0)
    // zod/mini with its English locale is 38 KB; one import of classic 'zod' anywhere would add about 60 KB.
    expect(groups.zod?.initial).toBeLessThan(60 * 1024)
  })

  it("loads the router's validation and inference, the messaging operations' parts and the emoji table on demand, each a chunk of its own", () => {
    const { chunks, groups } = sizes.simulator
    /** The chunk a part's `source.browser.ts` imports dynamically (its module is the chunk's entry). */
    const chunkOf = (module: string) =>
      chunks.find((chunk) => chunk.entry?.endsWith(`/dist/src/${module}`))
    const parts = {
      'services/router/validation/index.js': 100 * 1024,
      'services/router/inference/infer.js': 10 * 1024,
      'services/messaging/operation-parts/index.js': 10 * 1024,
      // The real server's emoji names, loaded when a welcome text may first hold an emoji.
      'services/messaging/emoji/emoji-table.js': 40 * 1024,
      // Each service's part of verify (Node-only): a chunk nothing in a page loads.
      'services/router/verify/part.js': 5 * 1024,
      'services/messaging/verify/part.js': 5 * 1024,
    }
    for (const [module, atLeast] of Object.entries(parts)) {
      const chunk = chunkOf(module)
      expect(chunk?.when, module).toBe('on demand')
      expect(chunk?.bytes, module).toBeGreaterThan(atLeast)
    }
    // What stays of the inference in the initial chunks: its operations' definitions and the scripts' book.
    expect(groups['src/services/router/inference']?.initial).toBeLessThan(8 * 1024)
    expect(groups['src/services/router/inference']?.['on demand']).toBeGreaterThan(10 * 1024)
  })
})
