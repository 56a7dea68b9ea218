/**
 * Each record of decisions/ stands on its own: none cites an issue of a tracker that is not in the repository
 * ("issue 21", "issue #30"); a record says what was found, and when, itself.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const records = readdirSync('decisions').filter((name) => name.endsWith('.md'))

describe('decisions/', () => {
  it('has records', () => {
    expect(records.length).toBeGreaterThan(10)
  })

  it.each(records)('%s cites no tracker issue by number', (name) => {
    const text = readFileSync(join('decisions', name), 'utf8')
    const cited = text.match(/\bissues?\s+#?\d+|(?<![\w/])#\d{1,4}\b/gi) ?? []
    expect(cited).toEqual([])
  })
})
