/**
 * The doc checker's running half: writes every checked block of README.md, docs/**\/*.md and bench/README.md
 * into a consumer project that has the packed package installed (the pack check builds it), type-checks the
 * TypeScript blocks, runs the module, vitest and Jest blocks with that project's Node and, in the first project only,
 * the shell blocks (servers started, waited for and stopped). Each failure names the Markdown file and line.
 * The rules are in docs/development.md; `blocks.mjs` decides how each block is checked.
 * @module
 */
import { execFileSync, spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { collect, killGroup } from '../pack-check/processes.mjs'
import { blockFileName, commandLines, installedPackages, pageDirName, readDocs } from './blocks.mjs'

const MODULE_TIMEOUT_MS = 60_000
const SHELL_TIMEOUT_MS = 180_000
/** A serving block may install first (`npm install && npm start`). */
const SERVE_READY_TIMEOUT_MS = 240_000
const ORIGIN = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+/

/** The compiler options the consumer's doc blocks are type-checked with (the pack check's consumer's). */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  },
  include: ['**/*.ts'],
  exclude: ['node_modules'],
}

/** The last lines of a process's output, indented, for a failure message. */
const tail = (output, count = 40) =>
  output
    .split('\n')
    .filter((line) => line.trim() && !line.includes('Unknown user config'))
    .slice(-count)
    .map((line) => `      ${line}`)
    .join('\n')

/**
 * Checks the docs of `root` in the consumer `project`.
 * @param {object} options
 * @param {string} options.root the repository (where the docs and `.ci/run` are)
 * @param {string} options.project the consumer project, with understudy-mock, msw, vitest and tsx installed
 * @param {string} options.binary the Node binary of this run
 * @param {boolean} options.shell whether to run the shell blocks (the first run only)
 * @param {(line: string) => void} options.log
 * @returns {Promise<{ failures: {file: string, line: number, message: string}[], fragments: string[], ran: number }>}
 */
export async function checkDocs({ root, project, binary, shell, log }) {
  const { pages, problems } = readDocs(root)
  const failures = problems.map((problem) => ({ ...problem }))
  const fragments = []
  const fail = (block, message) => {
    failures.push({ file: block.file, line: block.line, message })
    log(`FAILED ${block.file}:${block.line} (${block.plan.kind}): ${message}`)
  }
  const base = join(project, 'doc-check')
  rmSync(base, { recursive: true, force: true })
  mkdirSync(base, { recursive: true })
  const env = {
    ...process.env,
    PATH: `${dirname(binary)}${process.platform === 'win32' ? ';' : ':'}${process.env.PATH}`,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_prefer_offline: 'true',
  }

  // Every ts/js block is written under its page's directory (blocks of one page can import each other by name).
  const written = new Map()
  for (const page of pages) {
    const dir = join(base, pageDirName(page.file))
    for (const block of page.blocks) {
      const { kind } = block.plan
      if (kind === 'fragment') fragments.push(`${block.file}:${block.line}`)
      if (!['module', 'vitest', 'jest', 'typecheck'].includes(kind)) continue
      const path = join(dir, blockFileName(block, block.plan))
      if (written.has(path)) {
        fail(block, `writes ${relative(base, path)}, as another block of this page does`)
        continue
      }
      mkdirSync(dir, { recursive: true })
      writeFileSync(path, block.code)
      block.path = path
      written.set(path, block)
    }
  }

  let ran = 0
  // One type-check of every TypeScript block against the installed declarations.
  if ([...written.keys()].some((path) => path.endsWith('.ts'))) {
    writeFileSync(join(base, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`)
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
    const result = await collect(binary, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
      cwd: base,
      env,
      timeoutMs: SHELL_TIMEOUT_MS,
    })
    const errors = typeErrors(result.output, base, written)
    for (const error of errors) {
      failures.push(error)
      log(`FAILED ${error.file}:${error.line} (type-check): ${error.message}`)
    }
    if (result.code !== 0 && errors.length === 0) {
      failures.push({ file: '(all TypeScript blocks)', line: 0, message: 'tsc failed' })
      log(`FAILED tsc:\n${tail(result.output)}`)
    }
    ran++
  }

  // Pages in order; a serving block stays up for the shell blocks after it on its page.
  let repo
  for (const page of pages) {
    let server
    try {
      for (const block of page.blocks) {
        const { kind, where } = block.plan
        if (kind === 'module') {
          ran++
          const args = block.path.endsWith('.ts') ? ['--import', 'tsx', block.path] : [block.path]
          const result = await collect(binary, args, {
            cwd: dirname(block.path),
            env,
            timeoutMs: MODULE_TIMEOUT_MS,
          })
          if (result.code !== 0) {
            fail(
              block,
              `${result.timedOut ? `did not finish within ${MODULE_TIMEOUT_MS / 1000} s` : `exited with ${result.code}`}\n${tail(result.output)}`,
            )
          }
          continue
        }
        if (!shell || !['ci', 'install', 'shell', 'serves'].includes(kind)) continue
        ran++
        if (kind === 'ci') {
          const steps = new Set(
            readFileSync(join(root, '.ci/run'), 'utf8')
              .split('\n')
              .map((line) => line.trim()),
          )
          for (const line of commandLines(block.code)) {
            if (!steps.has(line)) fail(block, `\`${line}\` is not a step of .ci/run`)
          }
          continue
        }
        if (kind === 'install') {
          const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))
          const present = { ...manifest.dependencies, ...manifest.devDependencies }
          const { packages, others } = installedPackages(block.code)
          for (const line of others) fail(block, `\`${line}\` is not an npm install command`)
          for (const name of packages) {
            if (!(name in present)) fail(block, `${name} is not installed in the consumer project`)
          }
          continue
        }
        let dir = join(base, pageDirName(page.file))
        if (where === 'repo') {
          repo ??= copyRepository(root, join(dirname(project), 'repo'), log)
          dir = repo
        }
        mkdirSync(dir, { recursive: true })
        if (kind === 'serves') {
          if (server) await server.stop()
          server = undefined
          const started = await serve(block.code, dir, env)
          if (started.error) fail(block, started.error)
          else {
            server = started
            log(`ok ${block.file}:${block.line} (serves ${started.origin})`)
          }
          continue
        }
        const result = await collect('bash', ['-eo', 'pipefail', '-c', block.code], {
          cwd: dir,
          env,
          timeoutMs: SHELL_TIMEOUT_MS,
        })
        if (result.code !== 0) {
          fail(
            block,
            `${result.timedOut ? 'timed out' : `exited with ${result.code}`}\n${tail(result.output)}`,
          )
        }
      }
    } finally {
      if (server) await server.stop()
    }
  }

  /** Maps a test runner's JSON report (vitest's and Jest's share a shape) back to the blocks it ran. */
  const reportRun = (runner, blocks, report, result) => {
    const failed = failedTestFiles(report)
    for (const block of blocks) {
      const messages = failed.get(block.path)
      if (messages) fail(block, `${runner}: ${messages}`)
    }
    if (result.code !== 0 && failed.size === 0) {
      failures.push({ file: `(${runner} blocks)`, line: 0, message: `${runner} failed` })
      log(`FAILED ${runner}:\n${tail(result.output)}`)
    } else if (result.code !== 0) log(tail(result.output, 60))
    else log(`ok ${blocks.length} ${runner} block${blocks.length === 1 ? '' : 's'}`)
  }

  // Every vitest block in one vitest run; failures are mapped back to their blocks.
  const tests = [...written.values()].filter((block) => block.plan.kind === 'vitest')
  if (tests.length > 0) {
    ran += tests.length
    const include = tests.map((block) => relative(base, block.path).split('\\').join('/'))
    writeFileSync(
      join(base, 'vitest.config.mjs'),
      `export default { test: { include: ${JSON.stringify(include)}, testTimeout: 20000 } }\n`,
    )
    const vitest = join(project, 'node_modules', 'vitest', 'vitest.mjs')
    const report = join(base, 'vitest-results.json')
    const result = await collect(
      binary,
      [
        vitest,
        'run',
        '--config',
        'vitest.config.mjs',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { cwd: base, env, timeoutMs: SHELL_TIMEOUT_MS },
    )
    reportRun('vitest', tests, report, result)
  }
  // Every Jest block in one Jest run (ES modules: Node's --experimental-vm-modules, no transform, as
  // docs/jest.md sets Jest up); failures are mapped back to their blocks.
  const jestTests = [...written.values()].filter((block) => block.plan.kind === 'jest')
  if (jestTests.length > 0) {
    ran += jestTests.length
    const config = {
      rootDir: base,
      testEnvironment: 'node',
      transform: {},
      testMatch: jestTests.map((block) => block.path),
      testTimeout: 20000,
    }
    writeFileSync(join(base, 'jest.config.json'), `${JSON.stringify(config, null, 2)}\n`)
    const jest = join(project, 'node_modules', 'jest', 'bin', 'jest.js')
    const report = join(base, 'jest-results.json')
    const result = await collect(
      binary,
      [
        '--experimental-vm-modules',
        jest,
        '--config',
        'jest.config.json',
        '--json',
        `--outputFile=${report}`,
      ],
      { cwd: base, env, timeoutMs: SHELL_TIMEOUT_MS },
    )
    reportRun('jest', jestTests, report, result)
  }
  return { failures, fragments, ran }
}

/** tsc's `path(line,col): error TS…: message` lines mapped to the Markdown line of the block's line. */
export function typeErrors(output, base, written) {
  const errors = []
  for (const line of output.split('\n')) {
    const found = /^(.+?)\((\d+),(\d+)\): error (TS\d+: .*)$/.exec(line.trim())
    if (found) {
      const block = written.get(join(base, found[1]))
      if (block) {
        errors.push({
          file: block.file,
          line: block.line + Number(found[2]),
          message: found[4],
        })
        continue
      }
      errors.push({ file: found[1], line: Number(found[2]), message: found[4] })
    } else if (line.startsWith('  ') && errors.length > 0) {
      errors[errors.length - 1].message += ` ${line.trim()}`
    }
  }
  return errors
}

/**
 * The failed test files of a vitest or Jest JSON report (the same shape): absolute path -> the failure messages,
 * shortened.
 */
function failedTestFiles(report) {
  const failed = new Map()
  if (!existsSync(report)) return failed
  const { testResults = [] } = JSON.parse(readFileSync(report, 'utf8'))
  for (const file of testResults) {
    if (file.status === 'passed') continue
    const messages = [
      file.message,
      ...(file.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => `${test.fullName}: ${(test.failureMessages ?? []).join(' ')}`),
    ]
      .filter(Boolean)
      .map((message) => message.split('\n').slice(0, 6).join('\n      '))
    failed.set(file.name, messages.join('\n    ') || file.status)
  }
  return failed
}

/**
 * Starts a serving shell block in its own process group, waits until it prints an origin and that origin
 * answers HTTP; resolves `{ origin, stop }` or `{ error }`.
 */
async function serve(code, cwd, env) {
  const child = spawn('bash', ['-eo', 'pipefail', '-c', code], {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let exited = false
  const closed = new Promise((resolvePromise) =>
    child.on('close', (exitCode) => {
      exited = true
      resolvePromise(exitCode)
    }),
  )
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const stop = async () => {
    if (exited) return
    killGroup(child, 'SIGTERM')
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000)
    await closed
    clearTimeout(timer)
  }
  const deadline = Date.now() + SERVE_READY_TIMEOUT_MS
  while (Date.now() < deadline && !exited) {
    const origin = ORIGIN.exec(output)?.[0]
    if (origin) {
      try {
        await fetch(`${origin}/__understudy`, { signal: AbortSignal.timeout(2000) })
        return { origin, stop }
      } catch {
        // not answering yet
      }
    }
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 200))
  }
  const why = exited ? 'exited before it served' : 'did not answer in time'
  await stop()
  return { error: `${why}\n${tail(output)}` }
}

/**
 * Copies the repository's working files (tracked and untracked-but-not-ignored, as a fresh clone plus local
 * edits) to `target`, for blocks marked `repo`. Returns the copy's path.
 */
function copyRepository(root, target, log) {
  const listed = execFileSync('git', ['ls-files', '-z', '-c', '-o', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
  let count = 0
  for (const file of listed.split('\0').filter(Boolean)) {
    const from = join(root, file)
    if (!existsSync(from)) continue
    mkdirSync(dirname(join(target, file)), { recursive: true })
    copyFileSync(from, join(target, file))
    count++
  }
  log(`copied ${count} repository files to ${target}`)
  return target
}
