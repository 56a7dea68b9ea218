/**
 * Request-body validation and persistence extraction for the router's preset-creation endpoints
 * (`/presets/{slug}/chat/completions`, `/messages`, `/responses`).
 * @module
 */
import { chat } from './chat.js'
import { describedIssues } from './described.js'
import { formatPath, toIssues, type ValidationIssue } from './issues.js'
import { messages } from './messages.js'
import { acceptor, isObject } from './primitives.js'
import { responses } from './responses.js'
import type { SkinRules } from './skin.js'

export { formatIssues, type ValidationIssue } from './issues.js'

/** The request-body dialect of a preset-creation endpoint. */
export type Skin = 'chat' | 'messages' | 'responses'

/** What a preset version persists, or every reason the body is invalid. */
export type Extraction =
  | { ok: true; config: Record<string, unknown>; systemPrompt: string | null }
  | { ok: false; issues: ValidationIssue[] }

const SKINS: ReadonlyMap<string, SkinRules> = new Map<Skin, SkinRules>([
  ['chat', chat],
  ['messages', messages],
  ['responses', responses],
])

/** Each skin's plain predicate: a body it accepts is one the schema accepts, without a zod parse. */
const ACCEPTORS = new Map([...SKINS].map(([skin, rules]) => [skin, acceptor(rules.schema)]))

/** Whether one issue path lies inside the other (`a` and `a.b`, `a` and `a[0]`, or the same). */
function overlaps(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  if (!long.startsWith(short)) return false
  const next = long.charAt(short.length)
  return next === '' || next === '.' || next === '['
}

/**
 * The description's issues with the body (`described.ts`) that the skin's own rules did not already report
 * at the same field, or around it: a field the seed's rules refuse is reported once, in their words.
 */
function fromDescription(
  skin: Skin,
  body: Record<string, unknown>,
  known: readonly ValidationIssue[],
): ValidationIssue[] {
  const out: ValidationIssue[] = []
  for (const issue of describedIssues(skin, body)) {
    const path = formatPath(issue.path)
    if (known.some((k) => overlaps(k.path, path))) continue
    out.push({ path, message: issue.message })
  }
  return out
}

/**
 * Validates a parsed JSON body (any JSON value, including arrays, null, numbers) for a skin and
 * extracts what a preset version persists. `config` holds the persisted keys the body carried, in
 * body order, with the body's own values (not copies: do not mutate the body afterwards).
 * @example extractPreset('chat', { messages: [{ role: 'user', content: 'Hi' }], temperature: 0.7 })
 */
export function extractPreset(skin: Skin, body: unknown): Extraction {
  const rules = SKINS.get(skin)
  if (rules === undefined) throw new TypeError(`Unknown preset skin "${String(skin)}"`)
  if (!isObject(body))
    return { ok: false, issues: [{ path: 'body', message: 'must be a JSON object' }] }
  // Zod only for a body the predicate does not accept: the issues (and their order) are zod's alone.
  const result = ACCEPTORS.get(skin)?.(body) ? undefined : rules.schema.safeParse(body)
  const issues = result === undefined || result.success ? [] : toIssues(result.error.issues)
  issues.push(...fromDescription(skin, body, issues))
  issues.push(...rules.crossChecks(body))
  if (issues.length > 0) return { ok: false, issues }
  const config: Record<string, unknown> = {}
  for (const key of Object.keys(body)) {
    // The allow-list never holds `__proto__`, so this plain assignment cannot touch a prototype.
    if (rules.persisted.has(key)) config[key] = body[key]
  }
  return { ok: true, config, systemPrompt: rules.systemPrompt(body) }
}
