/**
 * The doc checker's reading half: finds the Markdown files it checks and every fenced code block in them, with
 * the marker comment above it, and decides how each block is checked. Pure functions over text (no process is
 * started here); `check.mjs` runs what this decides. The rules are written out in docs/development.md.
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Fence languages whose blocks are run or checked; every other block (text, json, none) is output and skipped. */
const TS = new Set(['ts', 'typescript'])
const JS = new Set(['js', 'javascript', 'mjs'])
const SH = new Set(['sh', 'bash', 'shell'])

/** Every marker a `<!-- doc-check: … -->` line may carry, and the languages it applies to. */
const MARKERS = {
  fragment: 'any',
  typecheck: 'ts',
  serves: 'sh',
  repo: 'sh',
  ci: 'sh',
  install: 'sh',
}

const MARKER_LINE = /^\s*<!--\s*doc-check:\s*(.*?)\s*-->\s*$/
const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/
/** A block's first line naming the file it is written to, so later blocks of the same page can import it. */
const FILE_NAME = /^\s*\/\/\s*([\w-]+(?:\.[\w-]+)*\.(?:ts|js|mjs))\s*$/
/** A command that starts a server which runs until stopped. */
const SERVES = /\bunderstudy(?:-mock)?\s+serve\b|\bnpm\s+(?:run\s+)?start\b/
const BROWSER_IMPORT = /from\s+['"]understudy-mock\/browser['"]/
const VITEST_IMPORT = /from\s+['"]vitest['"]/
const JEST_IMPORT = /from\s+['"]@jest\/globals['"]/
const TEST_CALL = /^\s*(?:it|test|describe)(?:\.\w+)?\s*\(/m

/**
 * The Markdown files the checker reads, relative to `root`, in a stable order: README.md, every `docs/**\/*.md`,
 * and bench/README.md.
 */
export function docFiles(root) {
  const files = []
  if (existsSync(join(root, 'README.md'))) files.push('README.md')
  const walk = (dir) => {
    if (!existsSync(dir)) return
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.md')) files.push(relative(root, path).split('\\').join('/'))
    }
  }
  walk(join(root, 'docs'))
  if (existsSync(join(root, 'bench', 'README.md'))) files.push('bench/README.md')
  return files
}

/**
 * Every fenced block of one Markdown text: `{ file, line, lang, markers, code }` (`line`: 1-based line of the
 * opening fence). Problems with markers (an unknown marker, a marker line not directly above a fence, a marker
 * that does not fit the block's language) come back as `{ file, line, message }` in `problems`.
 */
export function extractBlocks(markdown, file) {
  const lines = markdown.split(/\r?\n/)
  const blocks = []
  const problems = []
  let pendingMarker
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index]
    const marker = MARKER_LINE.exec(text)
    if (marker) {
      if (pendingMarker) problems.push(notAboveFence(file, pendingMarker.line))
      const words = marker[1].split(/[\s,]+/).filter(Boolean)
      for (const word of words) {
        if (!(word in MARKERS)) {
          problems.push({
            file,
            line: index + 1,
            message: `unknown doc-check marker "${word}" (known: ${Object.keys(MARKERS).join(', ')})`,
          })
        }
      }
      pendingMarker = { line: index + 1, words: words.filter((word) => word in MARKERS) }
      continue
    }
    const open = FENCE_OPEN.exec(text)
    if (!open) {
      if (pendingMarker) problems.push(notAboveFence(file, pendingMarker.line))
      pendingMarker = undefined
      continue
    }
    const [, indent, fence, info] = open
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`)
    const body = []
    let end = index + 1
    while (end < lines.length && !close.test(lines[end])) {
      body.push(lines[end].startsWith(indent) ? lines[end].slice(indent.length) : lines[end])
      end++
    }
    const markers = pendingMarker?.words ?? []
    const lang = info.toLowerCase()
    for (const word of markers) {
      const applies = MARKERS[word]
      const fits =
        applies === 'any' ||
        (applies === 'ts' && TS.has(lang)) ||
        (applies === 'sh' && SH.has(lang))
      if (!fits) {
        problems.push({
          file,
          line: index + 1,
          message: `marker "${word}" does not apply to a \`${lang || 'plain'}\` block`,
        })
      }
    }
    blocks.push({ file, line: index + 1, lang, markers, code: `${body.join('\n')}\n` })
    pendingMarker = undefined
    index = end
  }
  if (pendingMarker) problems.push(notAboveFence(file, pendingMarker.line))
  return { blocks, problems }
}

function notAboveFence(file, line) {
  return { file, line, message: 'a doc-check marker must be the line directly above a code fence' }
}

/**
 * How one block is checked:
 * - `skip`: an output block (text, json, no language), not run;
 * - `fragment`: marked so, not run nor type-checked;
 * - `typecheck`: a TypeScript block type-checked only (marked, or importing `understudy-mock/browser`);
 * - `vitest`: a ts/js block importing vitest and calling `it`/`test`/`describe`, run as a vitest test file;
 * - `jest`: a js block importing `@jest/globals` and calling `it`/`test`/`describe`, run as a Jest test file;
 * - `module`: any other ts/js block, run as an ES module (tsx for TypeScript);
 * - `ci`, `install`, `serves`, `shell`: shell blocks (see docs/development.md).
 * Also: `node` (run on every msw/Node pair, not only the first), `where` (`consumer` or `repo`) and `fileName`
 * (the name the block is written under, from a first line `// name.ts`, else undefined).
 */
export function classify(block) {
  const { lang, markers, code } = block
  const has = (word) => markers.includes(word)
  const named = FILE_NAME.exec(code.split('\n')[0] ?? '')
  const base = { fileName: named?.[1], where: has('repo') ? 'repo' : 'consumer', node: false }
  if (!TS.has(lang) && !JS.has(lang) && !SH.has(lang)) return { ...base, kind: 'skip' }
  if (has('fragment')) return { ...base, kind: 'fragment' }
  if (TS.has(lang) || JS.has(lang)) {
    if (has('typecheck') || BROWSER_IMPORT.test(code)) return { ...base, kind: 'typecheck' }
    const tests = TEST_CALL.test(code)
    if (tests && JEST_IMPORT.test(code)) return { ...base, kind: 'jest', node: true }
    const vitest = VITEST_IMPORT.test(code) && tests
    return { ...base, kind: vitest ? 'vitest' : 'module', node: true }
  }
  if (has('ci')) return { ...base, kind: 'ci' }
  if (has('install')) return { ...base, kind: 'install' }
  if (has('serves') || SERVES.test(code)) return { ...base, kind: 'serves' }
  return { ...base, kind: 'shell' }
}

/** The file a ts/js block is written to inside its page's directory. */
export function blockFileName(block, plan) {
  if (plan.fileName) return plan.fileName
  const ext = TS.has(block.lang) ? 'ts' : 'js'
  return `L${block.line}${plan.kind === 'vitest' || plan.kind === 'jest' ? '.test' : ''}.${ext}`
}

/** A page's directory name in the consumer project: `README`, `docs__control`, `bench__README`. */
export function pageDirName(file) {
  return file.replace(/\.md$/, '').split('/').join('__')
}

/** Reads every doc file under `root`: its blocks, each with its plan, and every marker problem. */
export function readDocs(root) {
  const pages = []
  const problems = []
  for (const file of docFiles(root)) {
    const found = extractBlocks(readFileSync(join(root, file), 'utf8'), file)
    problems.push(...found.problems)
    pages.push({
      file,
      blocks: found.blocks.map((block) => ({ ...block, plan: classify(block) })),
    })
  }
  return { pages, problems }
}

/** The command lines of a shell block: comments and blank lines dropped, a trailing `# comment` cut. */
export function commandLines(code) {
  return code
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'))
}

/**
 * The packages an `install` block names: every `npm install`/`npm i`/`npm add` argument that is not a flag,
 * version ranges cut (`msw@^2` -> `msw`, `@scope/pkg@1` -> `@scope/pkg`). Lines that are not such a command come
 * back in `others`.
 */
export function installedPackages(code) {
  const packages = []
  const others = []
  for (const line of commandLines(code)) {
    const words = line.split(/\s+/)
    if (words[0] !== 'npm' || !['install', 'i', 'add'].includes(words[1] ?? '')) {
      others.push(line)
      continue
    }
    for (const word of words.slice(2)) {
      if (word.startsWith('-')) continue
      const at = word.indexOf('@', 1)
      packages.push(at === -1 ? word : word.slice(0, at))
    }
  }
  return { packages, others }
}
