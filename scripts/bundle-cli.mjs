/**
 * Bundles the built CLI (`dist/src/cli.js`) into `dist/bin/understudy.js`, the package's `bin`.
 *
 * Why: a cold start of the CLI is mostly module loading. zod alone loads 300 files (every locale, which
 * Understudy never uses) and Understudy 80 more; one bundled file starts about 160 ms sooner (460 → 300 ms
 * to the first answer on the 2-core CI machine). The code is the same `dist/src` the library exports run.
 * msw stays outside (a peer dependency, loaded only by the `msw` engine, in a chunk of its own).
 */
import { chmodSync } from 'node:fs'
import { build } from 'esbuild'

await build({
  entryPoints: { understudy: 'dist/src/cli.js' },
  outdir: 'dist/bin',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['msw'],
  logLevel: 'warning',
  // `--scenario file.json` is imported at run time with a JSON attribute, which esbuild leaves as it is.
  logOverride: { 'unsupported-dynamic-import': 'silent' },
})
chmodSync('dist/bin/understudy.js', 0o755)
