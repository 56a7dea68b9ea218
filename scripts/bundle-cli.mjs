/**
 * Bundles the built CLI (`dist/src/entries/cli.js`) into `dist/bin/understudy.js`, the package's `bin`.
 *
 * Why: a cold start of the CLI is mostly module loading. Every zod entry also loads its 64 locale files
 * (which Understudy never uses) besides about 30 of core and API, and Understudy's own modules are 90 more;
 * one bundled file answers its first request about 160 ms sooner (460 → 300 ms on this 2-core machine).
 * The code is the same `dist/src` the library exports run.
 * msw stays outside (a peer dependency, loaded only by the `msw` engine, in a chunk of its own).
 */
import { chmodSync, readFileSync } from 'node:fs'
import { build } from 'esbuild'

await build({
  entryPoints: { understudy: 'dist/src/entries/cli.js' },
  outdir: 'dist/bin',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  external: ['msw'],
  logLevel: 'warning',
  // The scenario file and the user's tsx (src/entries/cli/scenario-file.ts) are imported at run time from computed
  // paths, which esbuild leaves as they are: tsx comes from the user's project, never from this bundle.
  logOverride: { 'unsupported-dynamic-import': 'silent' },
})
chmodSync('dist/bin/understudy.js', 0o755)
// The default engine must not load msw: only the msw engine's chunk may import it.
if (/^import[^;]*from\s*["']msw["']/m.test(readFileSync('dist/bin/understudy.js', 'utf8'))) {
  throw new Error('dist/bin/understudy.js imports msw statically: the default engine would load it')
}
