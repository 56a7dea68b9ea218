/**
 * Hostile welcome texts (issue 30, items 2, 3 and 9): each is rendered exactly, at a cost that grows no
 * faster than the text, and a text whose HTML passes the real server's limit gets the real server's answer.
 *
 * Costs are counted, not timed: the number of pattern executions (`RegExp.prototype.exec`, which `test`,
 * `replace` and `split` call) while a text is rendered, at two sizes. What one execution costs inside is
 * recheck's business (`test/robustness/redos.test.ts`).
 *
 * The limit: the real server's `do_convert` (zulip/zulip `zerver/lib/markdown/__init__.py`, read at
 * `000cc7bc`) raises `MarkdownRenderingError` when the HTML has more than `MAX_MESSAGE_LENGTH * 100`
 * (1,000,000) characters; `_internal_prep_message` logs it and sends nothing, and the endpoint's
 * `assert welcome_bot_custom_message_id is not None` fails: 500 `Internal server error`, as for a NUL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { api, messagingOptions } from './support.js'

useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)

const intro =
  '<p>A note from <span class="user-group-mention silent" data-user-group-id="11">Administrators</span>:</p>\n'

async function send(text: string) {
  return api('POST', '/realm/test_welcome_bot_custom_message', {
    form: { welcome_message_custom_text: text },
  })
}

async function rendered(text: string): Promise<string> {
  const sent = await send(text)
  expect(sent.status).toBe(200)
  const read = await api('GET', `/messages/${sent.body.message_id}`)
  return read.body.message.content
}

/** The pattern executions while `run` runs. */
async function executions(run: () => Promise<unknown>): Promise<number> {
  const exec = RegExp.prototype.exec
  let count = 0
  RegExp.prototype.exec = function counted(this: RegExp, text: string) {
    count += 1
    return exec.call(this, text)
  }
  try {
    await run()
  } finally {
    RegExp.prototype.exec = exec
  }
  return count
}

const quoted = (html: string) => `${intro}<blockquote>\n${html}\n</blockquote>`

describe('hostile welcome texts rendered exactly', () => {
  // Before: `RULE` nested `+` in `{3,}` and took about 2^n steps (26 characters: 1.4 s; 40: hours).
  it.each([
    ['-', 40],
    ['_', 40],
    ['*', 40],
    ['-', 7999],
  ])('renders %s x %i then another character as text, not a rule', async (mark, count) => {
    const text = `${mark.repeat(count)}x`
    const html = await rendered(text)
    // `*` runs are emphasis markers the inline pass leaves alone when nothing closes them.
    expect(html).toBe(quoted(`<p>${text}</p>`))
  })

  it('renders a rule of 4,000 spaced dashes, and a quoted run that is none', async () => {
    expect(await rendered('- '.repeat(4000))).toBe(quoted('<hr>'))
    expect(await rendered(`> ${'_'.repeat(40)}x`)).toBe(
      quoted(`<blockquote>\n<p>${'_'.repeat(40)}x</p>\n</blockquote>`),
    )
  })

  it('renders the smaller shapes of item 9 at 8,000 characters', async () => {
    expect(await rendered('>\n'.repeat(4000))).toBe(
      quoted(`<p>${Array(4000).fill('&gt;').join('<br>\n')}</p>`),
    )
    const spaced = `[a](b${' '.repeat(7990)}c`
    expect(await rendered(spaced)).toBe(quoted(`<p>${spaced}</p>`))
    expect(await rendered(`# a${' #'.repeat(3998)}`)).toBe(quoted('<h1>a</h1>'))
    expect(await rendered('['.repeat(8000))).toBe(quoted(`<p>${'['.repeat(8000)}</p>`))
    // A fence whose header is the backtick, left open: it takes the wrapping fence's closing line.
    expect(await rendered(`\`\`\`\t${'\t'.repeat(7990)}\``)).toBe(
      quoted(
        '<p><div class="codehilite"><pre><span></span><code>````\n</code></pre></div><br>\n</p>',
      ),
    )
  })
})

describe('hostile welcome texts cost no more than their size', () => {
  // Before: each `>` line asked again whether a quote starts there, scanning every line after it.
  it.each([
    ['lone > lines', (n: number) => '>\n'.repeat(n)],
    ['lone > lines after a paragraph', (n: number) => `text\n${'>\n'.repeat(n)}`],
  ])('%s: twice the text, at most about twice the pattern executions', async (_, make) => {
    const small = await executions(() => rendered(make(1000)))
    const large = await executions(() => rendered(make(2000)))
    expect(large).toBeLessThan(2.2 * small + 50)
  })
})

describe("HTML past the real server's limit (1,000,000 characters)", () => {
  /** A table of 330 columns over 300 rows, then a paragraph of `count` times `char`. */
  const near = (count: number, char = 'x') =>
    `${'a|'.repeat(329)}a\n${'-|'.repeat(329)}-\n${'b\n'.repeat(300)}\n${char.repeat(count)}`

  it('keeps HTML of exactly 1,000,000 characters (code points, as Python counts) and refuses 1,000,001', async () => {
    expect((await rendered(near(2568))).length).toBe(1_000_000)
    // U+1D431 is two UTF-16 units and one character.
    const astral = await rendered(near(2568, '\u{1d431}'))
    expect([astral.length, [...astral].length]).toEqual([1_002_568, 1_000_000])
    const refused = await send(near(2569))
    expect([refused.status, refused.text]).toEqual([
      500,
      '{"result":"error","msg":"Internal server error"}\n',
    ])
  })

  it.each([
    ['1,000,001 characters', near(2569)],
    [
      'a header of 1,333 cells over 1,333 one-cell rows',
      `${'a|'.repeat(1332)}a\n${'-|'.repeat(1332)}-\n${'b\n'.repeat(1333)}`,
    ],
  ])('answers the real 500 for %s and sends nothing', async (_, text) => {
    const before = await send('first')
    const response = await send(text)
    expect([response.status, response.text]).toEqual([
      500,
      '{"result":"error","msg":"Internal server error"}\n',
    ])
    const after = await send('next')
    expect(after.body.message_id).toBe(before.body.message_id + 1)
  })
})
