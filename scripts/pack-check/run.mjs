/**
 * Pack check: packs the package as `npm publish` would (`npm pack`, which runs `prepack` = the build), installs
 * the tarball into a fresh project in the OS temp directory, type-checks a consumer file against the installed
 * declarations and runs a small vitest suite there (scripts/pack-check/consumer) with the real
 * `@openrouter/sdk` and `zulip-js` through `understudy-mock/node`. Then the doc checker (scripts/doc-check) runs
 * every code block of README.md, the docs/ pages and bench/README.md in the same project (rules:
 * docs/development.md).
 *
 * Three runs, one per supported Node line, each Node from its npm package (`node@22`, `node@24`, `node@26`,
 * installed into the project): msw 2 on Node 22 (the oldest supported), msw 3 on Node 24, msw 2 on Node 26 (the
 * active LTS, where msw 2 would wake Node's web storage). The doc blocks' shell commands run in the first run only;
 * the TypeScript and JavaScript blocks in every run.
 *
 *   node scripts/pack-check/run.mjs [--msw 2|3]... [--node 22|24|26]... [--skip-build] [--keep]
 *                                   [--no-docs | --docs-only]
 *
 * Default: every run; `--msw` and `--node` keep the runs with that msw major or Node major. `--skip-build` packs
 * the `dist/` already built (`npm pack --ignore-scripts`), for a CI that has just run `npm run build`. `--keep`
 * leaves the temporary directory in place. `--no-docs` skips the doc blocks, `--docs-only` the consumer suite
 * (`npm run doc-check`). The consumers' installs run side by side; npm's cache is reused (`--prefer-offline`).
 * Exits non-zero when any step fails.
 * @module
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { checkDocs } from '../doc-check/check.mjs'
import { capture, run } from './processes.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '../..')
const consumerSources = join(here, 'consumer')

/**
 * Each run: its msw major and version, its Node major, its vitest, and the TypeScript versions its consumer files
 * are type-checked with (`skipLibCheck` off). Together: msw 2 and 3, vitest 3, 4 and 5, TypeScript 5.9 and 7, on
 * Node 22, 24 and 26 (the repository's own suite is msw 3 and vitest 5 on Node 26). The first run also runs the
 * docs' shell blocks.
 */
const RUNS = [
  { major: '2', msw: '2.15.0', node: '22', vitest: '^3.2.0', typescript: ['ts-5.9'] },
  { major: '3', msw: '^3.0.0', node: '24', vitest: '^5.1.0', typescript: ['ts-7', 'ts-5.9'] },
  // msw 2 on Node 26: the pair that would print Node's localStorage warning (src/simulator/msw/hide-web-storage.ts).
  { major: '2', msw: '2.15.0', node: '26', vitest: '^4.1.0', typescript: ['ts-7', 'ts-5.9'] },
]
const COMMON_DEPENDENCIES = {
  '@openrouter/sdk': '1.3.19',
  'zulip-js': '2.1.0',
  // The README's other router clients.
  openai: '^7.0.0',
  ai: '^7.0.0',
  '@openrouter/ai-sdk-provider': '^3.1.0',
  '@types/node': '^22.12.0',
  // Runs the docs' TypeScript blocks (and `NODE_OPTIONS='--import tsx'` in them).
  tsx: '^4.20.0',
  // understudy-mock/playwright's optional peer (its consumer test and docs/playwright.md drive Debian's Chromium).
  'playwright-core': '^1.65.1',
  // docs/jest.md's suite runs in Jest (the doc checker's `jest` blocks); understudy-mock/jest's types use its `expect`.
  jest: '^30.0.0',
}
/** The TypeScript versions, each installed under its own alias (`ts-7` is `npm:typescript@^7.0.0`). */
const TYPESCRIPT = { 'ts-5.9': '~5.9.0', 'ts-7': '^7.0.0' }
/** The lowest Node that msw 3 runs on. */
const MIN_NODE_FOR_MSW3 = [22, 12]
/** A run's name: its directory, and the prefix of its steps. */
const runName = (run) =>
  `msw ${run.major}, vitest ${run.vitest.replace(/^[~^]/, '').split('.')[0]} on Node ${run.node}`

const { values } = parseArgs({
  options: {
    msw: { type: 'string', multiple: true },
    node: { type: 'string', multiple: true },
    keep: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
    'docs-only': { type: 'boolean', default: false },
  },
})
if (values['no-docs'] && values['docs-only']) {
  process.stderr.write('[pack-check] --no-docs and --docs-only exclude each other.\n')
  process.exit(2)
}
for (const [flag, known] of [
  ['msw', ['2', '3']],
  ['node', ['22', '24', '26']],
]) {
  for (const value of values[flag] ?? []) {
    if (!known.includes(value)) {
      process.stderr.write(`[pack-check] Unknown --${flag} ${value}: use ${known.join(', ')}.\n`)
      process.exit(2)
    }
  }
}
const chosenRuns = RUNS.filter(
  (run) =>
    (values.msw === undefined || values.msw.includes(run.major)) &&
    (values.node === undefined || values.node.includes(run.node)),
)
if (chosenRuns.length === 0) {
  process.stderr.write('[pack-check] No run has that msw major on that Node.\n')
  process.exit(2)
}

const log = (line) => process.stdout.write(`[pack-check] ${line}\n`)
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)}s`
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** A step: times it and turns a failure into a recorded result instead of an exception. */
async function step(results, label, body) {
  const began = performance.now()
  log(`${label}…`)
  let ok = false
  try {
    ok = (await body()) !== false
  } catch (error) {
    process.stderr.write(
      `[pack-check] ${label}: ${error instanceof Error ? error.message : error}\n`,
    )
  }
  results.push({ label, ok, time: seconds(began) })
  log(`${label}: ${ok ? 'ok' : 'FAILED'} (${seconds(began)})`)
  return ok
}

const versionOf = (text) => text.trim().replace(/^v/, '').split('.').map(Number)
const atLeast = (version, floor) =>
  version[0] > floor[0] || (version[0] === floor[0] && (version[1] ?? 0) >= floor[1])

/** Finds the Node binary the `node@<major>` package installed; falls back to the arch package without scripts. */
async function nodeBinary(project, major) {
  const viaScript = join(project, 'node_modules', 'node', 'bin', 'node')
  if (existsSync(viaScript)) return viaScript
  // The `node` package's preinstall (`npm install node-<platform>-<arch>@<version>`) did not run, e.g. because
  // install scripts were blocked. Install the arch-specific package, which needs no script.
  const arch = `node-${process.platform}-${process.arch}`
  log(`node/bin/node is missing (install script skipped?); installing ${arch}@${major} directly`)
  const code = await run(
    npm,
    ['install', '--no-save', '--no-audit', '--no-fund', `${arch}@${major}`],
    { cwd: project },
  )
  const direct = join(project, 'node_modules', arch, 'bin', 'node')
  if (code !== 0 || !existsSync(direct)) throw new Error(`no Node ${major} binary installed`)
  return direct
}

/** Writes the consumer project of one run and installs it; resolves with the project's path, or undefined. */
async function installConsumer(results, workspace, tarball, consumer) {
  const { major, msw, node, vitest, typescript } = consumer
  const id = `msw${major}-node${node}`
  const project = join(workspace, `consumer-${id}`)
  mkdirSync(project)
  const manifest = {
    name: `understudy-pack-check-${id}`,
    private: true,
    type: 'module',
    dependencies: {
      'understudy-mock': `file:${tarball}`,
      msw,
      vitest,
      ...COMMON_DEPENDENCIES,
      ...Object.fromEntries(
        typescript.map((alias) => [alias, `npm:typescript@${TYPESCRIPT[alias]}`]),
      ),
      node,
    },
    // npm 11 blocks dependency install scripts unless allowed. Only the `node` package's (it fetches the
    // platform binary) is needed; msw's postinstall (copying the service worker) is not.
    allowScripts: { node: true },
  }
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  cpSync(consumerSources, project, { recursive: true })

  const installed = await step(results, `${runName(consumer)}: npm install`, async () => {
    const code = await run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: project,
      prefix: `[npm install ${id}]`,
    })
    return code === 0
  })
  return installed ? project : undefined
}

/**
 * Type-checks and runs the consumer suite of one run with its Node, then the doc blocks (shell blocks only when
 * `shell`).
 */
async function verifyConsumer(results, project, consumer, shell) {
  const { major, node } = consumer
  const label = runName(consumer)
  let binary = process.execPath
  const found = await step(results, `${label}: Node ${node} binary`, async () => {
    binary = await nodeBinary(project, node)
    const version = await capture(binary, ['--version'])
    log(`${binary} is ${version.trim()}`)
    return (
      versionOf(version)[0] === Number(node) &&
      (major !== '3' || atLeast(versionOf(version), MIN_NODE_FOR_MSW3))
    )
  })
  if (!found) return
  let nodeVersion = ''
  let mswVersion = ''
  const versions = await step(results, `${label}: versions`, async () => {
    nodeVersion = (await capture(binary, ['--version'])).trim()
    mswVersion = (
      await capture(binary, ['-p', 'require("msw/package.json").version'], { cwd: project })
    ).trim()
    log(`${label}: msw ${mswVersion} on Node ${nodeVersion}`)
    return versionOf(mswVersion)[0] === Number(major)
  })
  if (!versions) return

  if (!values['docs-only']) {
    for (const alias of consumer.typescript) {
      await step(results, `${label}: ${alias} against the installed declarations`, async () => {
        const tsc = join(project, 'node_modules', alias, 'bin', 'tsc')
        // tsconfig.json: skipLibCheck off; tsconfig.sdk.json: the SDK's fetcher (types-check-sdk.ts says why).
        for (const config of ['tsconfig.json', 'tsconfig.sdk.json']) {
          if ((await run(binary, [tsc, '-p', config], { cwd: project })) !== 0) return false
        }
        return true
      })
    }
    await step(results, `${label}: vitest (msw ${mswVersion}, Node ${nodeVersion})`, async () => {
      const vitest = join(project, 'node_modules', 'vitest', 'vitest.mjs')
      const env = {
        ...process.env,
        PACK_CHECK_MSW: major,
        PACK_CHECK_NODE: nodeVersion.replace(/^v/, '').split('.')[0],
        // Child processes that look `node` up on the PATH get the same Node.
        PATH: `${dirname(binary)}${process.platform === 'win32' ? ';' : ':'}${process.env.PATH}`,
      }
      return (await run(binary, [vitest, 'run'], { cwd: project, env })) === 0
    })
  }
  if (!values['no-docs']) {
    const what = shell ? 'every block' : 'ts/js blocks'
    await step(results, `${label}: doc blocks, ${what} (Node ${nodeVersion})`, async () => {
      const { failures, fragments, ran } = await checkDocs({
        root,
        project,
        binary,
        shell,
        log: (line) => log(`[docs ${label}] ${line}`),
      })
      log(`[docs ${label}] ${ran} checks; fragments (not run): ${fragments.join(', ') || 'none'}`)
      for (const failure of failures) {
        process.stderr.write(
          `[doc-check] ${failure.file}:${failure.line}: ${failure.message.split('\n')[0]}\n`,
        )
      }
      return failures.length === 0
    })
  }
}

async function main() {
  const began = performance.now()
  const workspace = mkdtempSync(join(tmpdir(), 'understudy-pack-check-'))
  const results = []
  log(`workspace ${workspace}`)
  try {
    const packDir = join(workspace, 'pack')
    mkdirSync(packDir)
    const skipBuild = values['skip-build']
    const packLabel = skipBuild
      ? 'npm pack --ignore-scripts (dist as built)'
      : 'npm pack (prepack: build)'
    const packed = await step(results, packLabel, async () => {
      if (skipBuild && !existsSync(join(root, 'dist', 'src', 'entries', 'index.js'))) {
        throw new Error('no dist/ to pack: run `npm run build` first, or drop --skip-build')
      }
      const args = ['pack', '--pack-destination', packDir, '--silent']
      if (skipBuild) args.push('--ignore-scripts')
      return (await run(npm, args, { cwd: root })) === 0
    })
    const tarball = packed
      ? readdirSync(packDir)
          .filter((file) => file.endsWith('.tgz'))
          .map((file) => join(packDir, file))[0]
      : undefined
    if (tarball) {
      log(`tarball ${tarball}`)
      const projects = await Promise.all(
        chosenRuns.map((consumer) => installConsumer(results, workspace, tarball, consumer)),
      )
      for (const [index, consumer] of chosenRuns.entries()) {
        if (projects[index]) await verifyConsumer(results, projects[index], consumer, index === 0)
      }
    } else if (packed) {
      results.push({ label: 'find the tarball', ok: false, time: '0s' })
    }
  } finally {
    log('summary:')
    for (const result of results) {
      log(`  ${result.ok ? 'ok    ' : 'FAILED'} ${result.label} (${result.time})`)
    }
    const failed = results.length === 0 || results.some((result) => !result.ok)
    log(`${failed ? 'FAILED' : 'passed'} in ${seconds(began)}`)
    process.exitCode = failed ? 1 : 0
    if (values.keep) log(`kept ${workspace}`)
    else {
      const removing = performance.now()
      rmSync(workspace, { recursive: true, force: true })
      log(`removed ${workspace} (${seconds(removing)})`)
    }
  }
}

await main()
