/**
 * No pattern that request text reaches can backtrack super-linearly (issue 30, items 2 and 9): recheck, a
 * static ReDoS checker (it proves a pattern linear from its automaton, or finds an attack string and
 * confirms it), judges every regular-expression literal of `src/` and `handlers/`, the patterns the
 * router's request schemas hold, and every pattern the welcome-text renderer builds at run time (caught by
 * watching `RegExp.prototype.exec` while a simulator renders the recorded texts and hostile ones). No
 * wall-clock bound: recheck's verdict is about the number of steps.
 *
 * recheck reads a pattern as searched (`test`, `replace`), not anchored, so `a+b` is quadratic to it: a
 * search tries every start. What is left is listed in `KNOWN`, each with why it stays; the list may only
 * shrink (an entry that recheck finds safe, or that is gone, fails the test).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { check } from 'recheck'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { accounts } from '../support/credentials.js'
import { regexLiterals } from './regex-literals.js'

const root = new URL('../../', import.meta.url).pathname

/** Patterns recheck still finds super-linear, by the start of their source, with why they stay. */
const KNOWN: Record<string, string> = {
  '/(?<![^\\s\'"(,:<])(?:(?:https?:':
    "the bare-URL autolink (Zulip's get_web_link_regex, as the real server writes it; markdown-links.ts) is " +
    'quadratic in two shapes: a URL ending in a long run of punctuation its lookahead scans again at each step ' +
    '(http://a then ?. x 3,990 then n: about 0.2 s), and a URL start after each : of a run no URL can end in ' +
    "(e.ai/: x 1,332 then ((b: about 0.1 s); bounded by the text's 8,000 characters",
}
const known = (pattern: string) => Object.keys(KNOWN).find((start) => pattern.startsWith(start))

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

interface Judged {
  pattern: string
  where: string
  status: string
  complexity: string
  attack: string
}

/**
 * recheck's verdict on a pattern. A verdict its automaton proves stands; one its fuzzer finds (patterns with
 * lookaround) depends on how much it could try within its time limits, so a machine under load can see an
 * attack that is not one (V8 ran the attacks found for the channel-link patterns in linear time): a fuzzed
 * "vulnerable" is asked twice more, one at a time, and stands only if both agree.
 */
async function confirmed(
  source: string,
  flags: string,
  first: Awaited<ReturnType<typeof check>>,
): Promise<Awaited<ReturnType<typeof check>>> {
  for (const randomSeed of [2, 3]) {
    const again = await check(source, flags, { timeout: 60_000, randomSeed })
    if (again.status !== 'vulnerable') return again
  }
  return first
}

/** recheck's verdict on each pattern, a few at a time. */
async function judge(
  patterns: ReadonlyArray<{ source: string; flags: string; where: string }>,
): Promise<Judged[]> {
  const judged: Judged[] = []
  const queue = [...patterns]
  const confirm: [(typeof patterns)[number], Awaited<ReturnType<typeof check>>][] = []
  const record = (next: (typeof patterns)[number], result: Awaited<ReturnType<typeof check>>) =>
    judged.push({
      pattern: `/${next.source}/${next.flags}`,
      where: next.where,
      status: result.status,
      complexity: result.status === 'vulnerable' ? result.complexity.summary : '',
      attack: result.status === 'vulnerable' ? result.attack.pattern : '',
    })
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const result = await check(next.source, next.flags, { timeout: 30_000, randomSeed: 1 })
      if (result.status === 'vulnerable' && result.complexity.isFuzz) confirm.push([next, result])
      else record(next, result)
    }
  }
  await Promise.all([worker(), worker(), worker()])
  for (const [next, first] of confirm) record(next, await confirmed(next.source, next.flags, first))
  return judged
}

/** Every pattern recheck does not find safe, but those of `KNOWN`. */
function unsafe(judged: readonly Judged[]): Judged[] {
  return judged.filter(({ pattern, status }) => status !== 'safe' && known(pattern) === undefined)
}

describe('no pattern of the source backtracks super-linearly (recheck)', () => {
  it('judges every regular-expression literal of src/ and handlers/ safe', async () => {
    const literals = [...sourceFiles('src'), ...sourceFiles('handlers')].flatMap((file) =>
      regexLiterals(readFileSync(join(root, file), 'utf8'), file),
    )
    // The scanner finds them all: the renderer's own, and some of everywhere.
    expect(literals.length).toBeGreaterThan(150)
    expect(literals.map(({ where }) => where.split(':')[0])).toContain(
      'src/services/messaging/markdown.ts',
    )
    const judged = await judge(literals)
    expect(unsafe(judged)).toEqual([])
  }, 300_000)

  it("judges the router's request-schema patterns safe", async () => {
    const text = readFileSync(
      join(root, 'src/services/router/validation/described-schemas.ts'),
      'utf8',
    )
    const patterns = [...text.matchAll(/"pattern":("(?:[^"\\]|\\.)*")/g)].map((match) => ({
      source: JSON.parse(match[1] as string) as string,
      flags: 'u',
      where: 'described-schemas.ts',
    }))
    expect(patterns.length).toBeGreaterThan(0)
    expect(unsafe(await judge(patterns))).toEqual([])
  }, 120_000)
})

describe("no pattern the welcome text's renderer runs backtracks super-linearly (recheck)", () => {
  const seen = new Map<string, { source: string; flags: string; where: string }>()
  const exec = RegExp.prototype.exec
  beforeAll(() => {
    RegExp.prototype.exec = function watched(this: RegExp, text: string) {
      const key = `/${this.source}/${this.flags}`
      if (!seen.has(key)) {
        // Searched as the renderer does, without the flags that only say where a search starts.
        const flags = [...this.flags].filter((flag) => !'dgy'.includes(flag)).join('')
        seen.set(key, { source: this.source, flags, where: 'run time' })
      }
      return exec.call(this, text)
    }
  })
  afterAll(() => {
    RegExp.prototype.exec = exec
  })

  it('judges every pattern that rendering the recorded and the hostile texts ran safe', async () => {
    const fixtures = [
      'welcome-markdown-442.json',
      'welcome-markdown-round2-442.json',
      'welcome-markdown-round3-442.json',
      'channel-links-442.json',
    ]
    const texts = fixtures.flatMap((name) => {
      const path = join(root, 'test/messaging/fixtures', name)
      return (JSON.parse(readFileSync(path, 'utf8')) as { cases: { text: string }[] }).cases.map(
        ({ text }) => text,
      )
    })
    texts.push(
      `${'-'.repeat(40)}x`,
      '>\n'.repeat(4000),
      `[a](b${' '.repeat(7000)}c`,
      `# a${' #'.repeat(3000)}x`,
      '['.repeat(8000),
      '<time:'.repeat(1000),
      'a|b\n-|-\n`x`|`y`\n',
    )
    const simulator = createSimulator({ seed: 'redos' })
    const url = 'https://acme.zulipchat.com/api/v1/realm/test_welcome_bot_custom_message'
    const authorization = `Basic ${Buffer.from(`${accounts.iago.email}:${accounts.iago.key}`).toString('base64')}`
    seen.clear()
    for (const text of texts) {
      const response = await simulator.fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ welcome_message_custom_text: text }).toString(),
      })
      expect(response.status).toBe(200)
    }
    // The renderer's patterns built at run time are among them (the code-span closer, the emoji).
    const caught = [...seen.values()]
    expect(caught.some(({ source }) => source.includes('(?<!`)'))).toBe(true)
    RegExp.prototype.exec = exec
    const judged = await judge(caught)
    expect(unsafe(judged)).toEqual([])
    // The list only shrinks: each entry is still run, and still found super-linear.
    expect(
      Object.keys(KNOWN).filter(
        (start) =>
          !judged.some((entry) => entry.pattern.startsWith(start) && entry.status !== 'safe'),
      ),
    ).toEqual([])
  }, 300_000)
})
