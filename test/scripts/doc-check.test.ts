/**
 * The doc checker's reading half (scripts/doc-check/blocks.mjs): which blocks it finds, at which line, with which
 * marker, and how it checks each; and the mapping of tsc's errors back to Markdown lines. Running the blocks
 * needs the packed package installed, which the pack check does (`npm run doc-check`).
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  blockFileName,
  classify,
  docFiles,
  extractBlocks,
  installedPackages,
  readDocs,
} from '../../scripts/doc-check/blocks.mjs'
import { typeErrors } from '../../scripts/doc-check/check.mjs'

const root = join(import.meta.dirname, '..', '..')
const fence = '```'

/** The one block of a Markdown text, with its plan. */
function only(markdown: string) {
  const { blocks, problems } = extractBlocks(markdown, 'page.md')
  expect(problems).toEqual([])
  expect(blocks).toHaveLength(1)
  const [block] = blocks
  if (!block) throw new Error('no block')
  return { ...block, plan: classify(block) }
}

describe('extractBlocks', () => {
  it('finds every fenced block with its language, opening line and code', () => {
    const markdown = [
      '# Title', // 1
      '', // 2
      `${fence}ts`, // 3
      "import { x } from 'y'", // 4
      fence, // 5
      'text', // 6
      `${fence}`, // 7
      'output', // 8
      fence, // 9
      '~~~sh', // 10
      'echo hi', // 11
      '~~~', // 12
    ].join('\n')
    const { blocks, problems } = extractBlocks(markdown, 'docs/a.md')
    expect(problems).toEqual([])
    expect(blocks).toEqual([
      { file: 'docs/a.md', line: 3, lang: 'ts', markers: [], code: "import { x } from 'y'\n" },
      { file: 'docs/a.md', line: 7, lang: '', markers: [], code: 'output\n' },
      { file: 'docs/a.md', line: 10, lang: 'sh', markers: [], code: 'echo hi\n' },
    ])
  })

  it('keeps a shorter fence inside a longer one, and strips a list item indent', () => {
    const nested = extractBlocks(`${fence}\`md\n${fence}ts\nx\n${fence}\n${fence}\`\n`, 'a.md')
    expect(nested.blocks.map((block) => [block.lang, block.code])).toEqual([
      ['md', `${fence}ts\nx\n${fence}\n`],
    ])
    const indented = extractBlocks(`- item\n\n  ${fence}sh\n  echo hi\n  ${fence}\n`, 'a.md')
    expect(indented.blocks.map((block) => [block.line, block.code])).toEqual([[3, 'echo hi\n']])
  })

  it('reads the markers of the comment line directly above a fence', () => {
    const block = only(`<!-- doc-check: repo, serves -->\n${fence}sh\nnpm start\n${fence}\n`)
    expect(block.markers).toEqual(['repo', 'serves'])
    expect(block.line).toBe(2)
  })

  it('reports an unknown marker, a marker away from a fence and a marker for another language', () => {
    const markdown = [
      '<!-- doc-check: fragmnet -->', // 1
      `${fence}ts`, // 2
      'x', // 3
      fence, // 4
      '<!-- doc-check: fragment -->', // 5
      '', // 6
      `${fence}ts`, // 7
      'y', // 8
      fence, // 9
      '<!-- doc-check: serves -->', // 10
      `${fence}ts`, // 11
      'z', // 12
      fence, // 13
    ].join('\n')
    expect(extractBlocks(markdown, 'a.md').problems).toEqual([
      {
        file: 'a.md',
        line: 1,
        message:
          'unknown doc-check marker "fragmnet" (known: fragment, typecheck, serves, repo, ci, install)',
      },
      {
        file: 'a.md',
        line: 5,
        message: 'a doc-check marker must be the line directly above a code fence',
      },
      { file: 'a.md', line: 11, message: 'marker "serves" does not apply to a `ts` block' },
    ])
  })
})

describe('classify', () => {
  const ts = (code: string, marker = '') =>
    only(`${marker ? `<!-- doc-check: ${marker} -->\n` : ''}${fence}ts\n${code}\n${fence}\n`).plan

  it('runs a ts block as a module, or as a vitest file when it imports vitest and calls it', () => {
    expect(ts("import { createSimulator } from 'understudy-mock'").kind).toBe('module')
    expect(ts("import { it } from 'vitest'\nit('x', () => {})")).toEqual({
      kind: 'vitest',
      where: 'consumer',
      node: true,
      fileName: undefined,
    })
    expect(ts("import { expect } from 'vitest'\nexpect(1).toBe(1)").kind).toBe('module')
  })

  it('runs a js block that imports @jest/globals and calls it as a Jest test file', () => {
    const js = (code: string) => only(`${fence}js\n${code}\n${fence}\n`)
    const block = js("import { expect, it } from '@jest/globals'\nit('x', () => {})")
    expect(block.plan).toEqual({ kind: 'jest', where: 'consumer', node: true, fileName: undefined })
    expect(blockFileName(block, block.plan)).toBe('L1.test.js')
    expect(js("import { expect } from '@jest/globals'\nexpect(1).toBe(1)").plan.kind).toBe('module')
  })

  it('only type-checks browser blocks and blocks marked typecheck', () => {
    expect(ts("import { startSimulator } from 'understudy-mock/browser'").kind).toBe('typecheck')
    expect(ts('const x: number = 1', 'typecheck').kind).toBe('typecheck')
  })

  it('skips fragments and output blocks', () => {
    expect(ts('simulator.reset()', 'fragment').kind).toBe('fragment')
    expect(only(`${fence}text\nhello\n${fence}\n`).plan.kind).toBe('skip')
    expect(only(`${fence}json\n{}\n${fence}\n`).plan.kind).toBe('skip')
    expect(only(`${fence}\nplain\n${fence}\n`).plan.kind).toBe('skip')
  })

  it('names a block after its first-line comment', () => {
    expect(ts('// my-scenario.ts\nexport default {}').fileName).toBe('my-scenario.ts')
    expect(ts('// a comment, not a name\nexport default {}').fileName).toBeUndefined()
  })

  it('tells serving, repo, ci and install shell blocks from plain ones', () => {
    const sh = (code: string, marker = '') =>
      only(`${marker ? `<!-- doc-check: ${marker} -->\n` : ''}${fence}sh\n${code}\n${fence}\n`).plan
    expect(sh('curl -fsS http://127.0.0.1:4010/').kind).toBe('shell')
    expect(sh('npx understudy-mock serve --port 4010').kind).toBe('serves')
    expect(sh('npm install && npm start', 'repo')).toMatchObject({ kind: 'serves', where: 'repo' })
    expect(sh('./my-server', 'serves').kind).toBe('serves')
    expect(sh('npm test', 'ci').kind).toBe('ci')
    expect(sh('npm install msw', 'install').kind).toBe('install')
  })
})

describe('installedPackages', () => {
  it('names the packages of npm install lines, without flags and versions', () => {
    expect(
      installedPackages(
        'npm install --save-dev understudy-mock msw@^2 @openrouter/sdk@1.3.19 # c\n',
      ),
    ).toEqual({ packages: ['understudy-mock', 'msw', '@openrouter/sdk'], others: [] })
    expect(installedPackages('npm i vitest\nrm -rf /\n')).toEqual({
      packages: ['vitest'],
      others: ['rm -rf /'],
    })
  })
})

describe('typeErrors', () => {
  it("maps tsc's errors to the Markdown line of the block's line, joining continuation lines", () => {
    const base = '/tmp/project/doc-check'
    const block = {
      file: 'docs/control.md',
      line: 40,
      lang: 'ts',
      markers: [],
      code: '',
      plan: classify({ file: 'docs/control.md', line: 40, lang: 'ts', markers: [], code: '' }),
    }
    const written = new Map([[join(base, 'docs__control/L40.ts'), block]])
    const output = [
      "docs__control/L40.ts(3,7): error TS2339: Property 'nope' does not exist on type 'Simulator'.",
      "  Did you mean 'now'?",
      'other.ts(1,1): error TS1000: elsewhere',
    ].join('\n')
    expect(typeErrors(output, base, written)).toEqual([
      {
        file: 'docs/control.md',
        line: 43,
        message: "TS2339: Property 'nope' does not exist on type 'Simulator'. Did you mean 'now'?",
      },
      { file: 'other.ts', line: 1, message: 'TS1000: elsewhere' },
    ])
  })
})

describe("this repository's docs", () => {
  it('are README.md, every page under docs/ and bench/README.md', () => {
    const files = docFiles(root)
    expect(files[0]).toBe('README.md')
    expect(files).toContain('docs/control.md')
    expect(files).toContain('bench/README.md')
  })

  it('carry no marker problems, and few fragments', () => {
    const { pages, problems } = readDocs(root)
    expect(problems).toEqual([])
    const blocks = pages.flatMap((page) => page.blocks)
    const fragments = blocks.filter((block) => block.plan.kind === 'fragment')
    const checked = blocks.filter((block) => !['skip', 'fragment'].includes(block.plan.kind))
    expect(checked.length).toBeGreaterThan(fragments.length * 5)
  })
})
