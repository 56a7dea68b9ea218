/**
 * The Welcome Bot message's rendered HTML against what a real Zulip server (feature level 442) rendered
 * for the same welcome texts: `fixtures/welcome-markdown-442.json` holds the recorded outputs. The
 * organization mirrors the recording's (five system bots first, so the owner, the administrator and the
 * member are users 6, 7 and 8, as mentions name them; the first organization's groups: Administrators
 * 11, Members 14). The cases the simulator renders approximately are listed in `APPROXIMATE`, each with
 * what differs (docs/messaging.md, Fidelity notes).
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { api, messagingOptions } from './support.js'

type Recorded = { cases: Array<{ text: string; html: string }> }
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Recorded
const recorded = fixture('welcome-markdown-442.json')
/** Channel, topic and message links, recorded on the same server (a new organization's three channels). */
const channelLinks = fixture('channel-links-442.json')

const OWNER = { email: 'owner@example.com', key: 'OwnerKey000000000000000000000000' }
const systemBots = [
  'emailgateway',
  'nagios-receive-bot',
  'nagios-send-bot',
  'notification-bot',
  'welcome-bot',
]

useSimulator(
  { beforeAll, afterEach, afterAll },
  {
    ...messagingOptions,
    scenario: {
      name: 'oracle-mirror',
      messaging: {
        organizations: [
          {
            subdomain: 'oracle',
            name: 'Oracle Org',
            featureLevel: 442,
            users: [
              ...systemBots.map((name, i) => ({
                email: `${name}@zulip.com`,
                fullName: name,
                bot: 'generic' as const,
                systemBot: true,
                apiKey: `SystemBot${i}`.padEnd(32, 'x'),
              })),
              {
                email: OWNER.email,
                fullName: 'Oracle Owner',
                role: 'owner' as const,
                apiKey: OWNER.key,
              },
              {
                email: 'admin@example.com',
                fullName: 'Oracle Admin',
                role: 'administrator' as const,
                apiKey: 'AdminKey000000000000000000000000',
              },
              {
                email: 'member@example.com',
                fullName: 'Oracle Member',
                apiKey: 'MemberKey00000000000000000000000',
              },
            ],
          },
        ],
      },
    },
  },
)

/** Texts the simulator renders differently from the real server, and why. */
const APPROXIMATE: Record<string, string> = {
  '```python\nprint("hi")\n```': 'no syntax highlighting or data-code-language',
}

const base = 'https://oracle.zulipchat.com/api/v1'
const intro =
  '<p>A note from <span class="user-group-mention silent" data-user-group-id="11">Administrators</span>:</p>\n'

async function rendered(text: string): Promise<string> {
  const sent = await api('POST', '/realm/test_welcome_bot_custom_message', {
    as: OWNER,
    base,
    form: { welcome_message_custom_text: text },
  })
  const read = await api('GET', `/messages/${sent.body.message_id}`, { as: OWNER, base })
  return read.body.message.content
}

describe('the Welcome Bot message rendered as the real server renders it (recorded at 442)', () => {
  const exact = recorded.cases.filter(({ text }) => !(text in APPROXIMATE))
  it.each(exact.map(({ text, html }) => [JSON.stringify(text).slice(0, 60), text, html]))(
    'renders %s',
    async (_label, text, html) => {
      expect(await rendered(text as string)).toBe(`${intro}${html}`)
    },
  )

  it('covers most of the recorded texts exactly', () => {
    expect(exact.length).toBeGreaterThanOrEqual(
      recorded.cases.length - Object.keys(APPROXIMATE).length,
    )
    expect(recorded.cases.length).toBeGreaterThan(25)
  })
})

/** Channel-link texts the simulator renders differently from the real server, and why. */
const CHANNEL_APPROXIMATE: Record<string, string> = {
  '#**Zulip>welcome to Zulip!**':
    'the topic holds an onboarding message on the real server (/with/11); the simulator sends none',
  '#**general>greetings**':
    'the topic holds an onboarding message on the real server (/with/8); the simulator sends none',
  '[#**general**](https://example.com) **#**general**** *#**general***':
    'the channel link inside the link label is exact; strong and emphasis across `**#**general****` differ',
  '#** general**': 'strong text starting with a space',
}

describe('channel links rendered as the real server renders them (recorded at 442)', () => {
  const exact = channelLinks.cases.filter(({ text }) => !(text in CHANNEL_APPROXIMATE))
  it.each(exact.map(({ text, html }) => [text, html]))('renders %s', async (text, html) => {
    expect(await rendered(text as string)).toBe(`${intro}${html}`)
  })

  it('covers the recorded channel texts but the approximate ones', () => {
    expect(exact.length).toBe(channelLinks.cases.length - Object.keys(CHANNEL_APPROXIMATE).length)
  })

  it('links a channel inside a link label, as the real server does (the start of its recorded answer)', async () => {
    expect(await rendered('[#**general**](https://example.com)')).toBe(
      `${intro}<blockquote>\n<p><a href="https://example.com"><a class="stream" data-stream-id="3" href="/#narrow/channel/3-general">#general</a></a></p>\n</blockquote>`,
    )
  })

  it('links an onboarding topic without the /with/ of its newest message (no channel messages)', async () => {
    expect(await rendered('#**general>greetings**')).toBe(
      `${intro}<blockquote>\n<p><a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-general/topic/greetings">#general &gt; greetings</a></p>\n</blockquote>`,
    )
  })
})

/** Oracle round 2: 124 more texts (fuzzing-style), recorded on the same 442 server. */
const round2 = fixture('welcome-markdown-round2-442.json')

/** Round-2 texts the simulator renders differently from the real server, and why. */
const ROUND2_APPROXIMATE: Record<string, string> = {
  '```python\nprint("hi")\n```': 'no syntax highlighting or data-code-language',
  '```python\nx = 1\n```': 'no syntax highlighting or data-code-language',
  'Math $$x^2$$ here':
    'math stays text; the oracle, without KaTeX, shows a tex-error span (production renders KaTeX)',
  '![alt](https://example.com/a.png)': 'images render as a link',
}

describe('round 2: generated welcome texts rendered as the real server renders them (442)', () => {
  const exact = round2.cases.filter(({ text }) => !(text in ROUND2_APPROXIMATE))
  it.each(exact.map(({ text, html }) => [JSON.stringify(text).slice(0, 60), text, html]))(
    'renders %s',
    async (_label, text, html) => {
      expect(await rendered(text as string)).toBe(`${intro}${html}`)
    },
  )

  it('lists as approximate only texts of the recording', () => {
    const texts = new Set(round2.cases.map(({ text }) => text))
    expect(Object.keys(ROUND2_APPROXIMATE).filter((text) => !texts.has(text))).toEqual([])
    expect(exact.length).toBe(round2.cases.length - Object.keys(ROUND2_APPROXIMATE).length)
  })
})

/**
 * Oracle round 3: 94 variations of spoilers, tables, times, `:zulip:`, emoji sequences and unclosed quotes
 * (60, then 34 fresh ones recorded after the rules were written).
 */
const round3 = fixture('welcome-markdown-round3-442.json')

/** Round-3 texts the simulator renders differently from the real server, and why. */
const ROUND3_APPROXIMATE: Record<string, string> = {
  '<time:Jan 5 2025 3pm UTC>': 'a date form other than ISO 8601 or a Unix time stays text',
  '```quote\n```python\ncode': 'no syntax highlighting or data-code-language',
  '> ```spoiler Q\n> inside\n> ```':
    'a fence inside a `>` quote opens a spoiler; the real server sees no fence there (a code span across lines)',
  '```spoiler H\n```quote\nq unclosed':
    'a quote left open inside a spoiler: the real server wraps its empty code block in a paragraph',
}

describe('round 3: spoilers, tables, times and unclosed fences rendered as the real server renders them (442)', () => {
  const exact = round3.cases.filter(({ text }) => !(text in ROUND3_APPROXIMATE))
  it.each(exact.map(({ text, html }) => [JSON.stringify(text).slice(0, 60), text, html]))(
    'renders %s',
    async (_label, text, html) => {
      expect(await rendered(text as string)).toBe(`${intro}${html}`)
    },
  )

  it('leaves an emoji name that is an Object.prototype key as text (the real answer, recorded at 442)', async () => {
    expect(await rendered(':constructor: :__proto__: :tostring: :smile:')).toBe(
      `${intro}<blockquote>\n<p>:constructor: :__proto__: :tostring: <span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span></p>\n</blockquote>`,
    )
  })

  it('leaves out the wrapping quote when the text is an empty spoiler (the real answer)', async () => {
    expect(await rendered('```spoiler T\n```')).toBe(
      '<p>A note from <span class="user-group-mention silent" data-user-group-id="11">Administrators</span>:</p>',
    )
  })

  it('lists as approximate only texts of the recording', () => {
    const texts = new Set(round3.cases.map(({ text }) => text))
    expect(Object.keys(ROUND3_APPROXIMATE).filter((text) => !texts.has(text))).toEqual([])
    expect(exact.length).toBe(round3.cases.length - Object.keys(ROUND3_APPROXIMATE).length)
  })
})

describe('nested > quotes as the real server nests them (442)', () => {
  const deep = fixture('welcome-deep-quotes-442.json')
  it.each(
    deep.cases.map(({ text, html }) => [
      `${JSON.stringify(text.slice(0, 4))} x ${text.length}`,
      text,
      html,
    ]),
  )(
    'renders %s: a lone > stays text, nesting stops after 296 levels, never an error',
    async (_label, text, html) => {
      expect(await rendered(text as string)).toBe(`${intro}${html}`)
    },
  )
})

describe('Unicode emoji as the real server names them (issue 31)', () => {
  it('names 😀 grinning, as the real 442 server does (issue 31, §1)', async () => {
    expect(await rendered('Hello 😀')).toBe(
      `${intro}<blockquote>\n<p>Hello <span aria-label="grinning" class="emoji emoji-1f600" role="img" title="grinning">:grinning:</span></p>\n</blockquote>`,
    )
  })

  it("takes Zulip's names, not iamcal's: 🙏 is folded_hands, :pray: an alias of it, 💡 light_bulb", async () => {
    expect(await rendered('🙏 :pray: 💡 :happy:')).toBe(
      `${intro}<blockquote>\n<p><span aria-label="folded hands" class="emoji emoji-1f64f" role="img" title="folded hands">:folded_hands:</span> <span aria-label="pray" class="emoji emoji-1f64f" role="img" title="pray">:pray:</span> <span aria-label="light bulb" class="emoji emoji-1f4a1" role="img" title="light bulb">:light_bulb:</span> <span aria-label="happy" class="emoji emoji-1f600" role="img" title="happy">:happy:</span></p>\n</blockquote>`,
    )
  })
})

describe('tabs as the real server expands them (issue 31, recorded at 442)', () => {
  it('expands a tab to the next multiple of four columns, after a CRLF is made a line end', async () => {
    // The real 442 server's answer for this text begins `<p>Tabs    and<br>` (issue 31, §1).
    expect(await rendered('Tabs\tand\r\nCRLF line')).toBe(
      `${intro}<blockquote>\n<p>Tabs    and<br>\nCRLF line</p>\n</blockquote>`,
    )
  })

  it('counts a column for each code point, in text and in code, as Python does', async () => {
    expect(await rendered('ab\tc\n\u{1d431}\tx\n\t\ty')).toBe(
      `${intro}<blockquote>\n<p>ab  c<br>\n\u{1d431}   x<br>\n        y</p>\n</blockquote>`,
    )
    expect(await rendered('```\na\tb\n\tc\n```')).toBe(
      // A code fence that ends the text: the real server's paragraph and line break around it.
      `${intro}<blockquote>\n<p><div class="codehilite"><pre><span></span><code>a   b\n    c\n</code></pre></div><br>\n</p>\n</blockquote>`,
    )
  })
})
