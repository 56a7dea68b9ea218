/**
 * The real server against the descriptions: every exchange of the recordings of the real Zulip server
 * (test/recordings/zulip-oracle/, feature levels 384 and 442) that a kept description describes is checked
 * as Understudy's answers are (`check.ts`). What the descriptions find in the real server's answers is what
 * `exceptions.ts` lists as the description's fault, and nothing else: a new finding fails here first.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { check, type Exchange } from './check.js'
import { excuse } from './exceptions.js'

interface HarEntry {
  request: {
    method: string
    url: string
    queryString?: Array<{ name: string; value: string }>
    postData?: { params?: Array<{ name: string; value: string }> }
  }
  response: { status: number; content: { text?: string } }
}

/** Understudy's operation id of a recorded request, as its routes would name it (`null`: none). */
function operation(method: string, pathname: string): string | null {
  const path = pathname.replace(/^\/api\/v1/, '')
  const routes: Array<[RegExp, Record<string, string>]> = [
    [/^\/users$/, { GET: 'get-users', POST: 'create-user' }],
    [/^\/users\/me$/, { GET: 'get-own-user', DELETE: 'deactivate-own-user' }],
    [/^\/users\/\d+$/, { GET: 'get-user', DELETE: 'deactivate-user' }],
    [/^\/users\/[^/]+$/, { GET: 'get-user-by-email' }],
    [/^\/messages\/\d+$/, { GET: 'get-message', DELETE: 'delete-message' }],
    [/^\/server_settings$/, { GET: 'get-server-settings' }],
    [/^\/realm\/test_welcome_bot_custom_message$/, { POST: 'test-welcome-bot-custom-message' }],
  ]
  const route = routes.find(([pattern]) => pattern.test(path))
  return route?.[1][method] ?? null
}

const pairs = (list: Array<{ name: string; value: string }> | undefined) =>
  Object.fromEntries((list ?? []).map(({ name, value }) => [name, value]))

function json(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '')
  } catch {
    return null
  }
}

describe.each([
  ['zulip-384.har', 384, 35],
  ['zulip-442.har', 442, 71],
] as const)("the real server's answers in %s (level %i)", (file, level, judged) => {
  it('meet the kept description, beyond the listed exceptions', async () => {
    const har = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'recordings', 'zulip-oracle', file), 'utf8'),
    ) as { log: { entries: HarEntry[] } }
    let checked = 0
    const excused = new Set<string>()
    const unexcused: string[] = []
    for (const { request, response } of har.log.entries) {
      const url = new URL(request.url)
      const exchange: Exchange = {
        service: 'messaging',
        operation: operation(request.method, url.pathname),
        method: request.method,
        path: url.pathname,
        query: pairs(request.queryString),
        body: pairs(request.postData?.params),
        status: response.status,
        response: json(response.content.text),
        level,
      }
      const verdict = await check(exchange)
      if (!verdict.checked) continue
      checked += 1
      for (const problem of verdict.problems) {
        const known = excuse(problem, exchange)
        if (known) excused.add(known.id)
        else unexcused.push(`${request.method} ${url.pathname}: ${problem.at} ${problem.message}`)
      }
    }
    expect(unexcused).toEqual([])
    expect(checked).toBe(judged)
    expect([...excused]).toEqual(['zulip-missing-argument-var-name'])
  })
})
