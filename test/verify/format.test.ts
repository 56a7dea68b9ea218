/**
 * `formatReport`: the table people read. Two long values that begin alike are shown from where they differ.
 */
import { describe, expect, it } from 'vitest'
import { formatReport, type VerifyReport } from '../../src/surfaces/verify/index.js'

const report = (expected: unknown, actual: unknown): VerifyReport => ({
  differences: [
    {
      exchange: 92,
      method: 'GET',
      url: 'http://localhost:9991/api/v1/messages/29',
      kind: 'value',
      path: 'body.message.content',
      expected,
      actual,
    },
  ],
  compared: 1,
  skipped: [],
  setup: {
    clock: { start: '2026-11-26T03:36:21.331Z', from: "the recording's first date" },
    organizations: [],
    accounts: [],
    seededUsers: 0,
    seededPresets: 0,
    seededMessages: 0,
    notes: [],
  },
})

const row = (text: string) => text.split('\n')[3] ?? ''

describe('formatReport', () => {
  it('short values whole, as JSON', () => {
    expect(row(formatReport(report('Email is taken.', 'Email is already in use.')))).toBe(
      `92   GET /api/v1/messages/29            value: body.message.content        "Email is taken."                  "Email is already in use."`,
    )
  })

  it('two long values that begin alike: both from a little before where they first differ', () => {
    const quote =
      '<p>A note from <span class="user-group-mention silent">Administrators</span>:</p>'
    const line = row(
      formatReport(
        report(
          `${quote}<p>see <a class="stream" href="/#narrow/channel/3-general">#general</a></p>`,
          `${quote}<p>see #<strong>general</strong></p>`,
        ),
      ),
    )
    expect(line).toBe(
      '92   GET /api/v1/messages/29            value: body.message.content        ' +
        '…><p>see <a class=\\"stream\\" href… …><p>see #<strong>general</strong…',
    )
  })
  it("the set-up: each organization as its service's part shows it, then each account", () => {
    const base = report('a', 'b')
    const text = formatReport({
      ...base,
      setup: {
        ...base.setup,
        organizations: [
          {
            recordedUrl: 'https://acme.zulipchat.com',
            subdomain: 'acme',
            name: 'Acme',
            featureLevel: 442,
            featureLevelFrom: 'server_settings',
            emailVisibility: 'admins',
            emailVisibilityFrom: 'the default',
          },
        ],
        accounts: [
          { service: 'router', credential: 'sk-or-v1-ab…', role: 'inference', from: 'the default' },
        ],
      },
    })
    expect(text.split('\n').slice(-4)).toEqual([
      "Set-up: clock at 2026-11-26T03:36:21.331Z (the recording's first date)",
      '  messaging https://acme.zulipchat.com as "acme", level 442 (server_settings)',
      '    e-mail visibility admins (the default)',
      '  router sk-or-v1-ab…: inference (the default)',
    ])
  })
})
