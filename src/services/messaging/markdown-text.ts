/**
 * What every part of the message Markdown shares: HTML escaping as Python-Markdown writes text and
 * attributes, the organization's system groups, and what rendering needs of the organization.
 * @module
 */
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

/** Escapes text as Python-Markdown writes a text node (`&`, `<`, `>`; quotes stay). */
export function escapeText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/[&<>]/g, (char) => TEXT_ESCAPES[char] as string) : text
}

/** Escapes an attribute value. */
export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;')
}

/**
 * The organization's system groups as the real server numbers them: eight per organization, the server's
 * internal realm first (realm 1), each organization's in this order.
 */
export const SYSTEM_GROUPS = [
  ['role:nobody', 'Nobody'],
  ['role:owners', 'Owners'],
  ['role:administrators', 'Administrators'],
  ['role:moderators', 'Moderators'],
  ['role:fullmembers', 'Full members'],
  ['role:members', 'Members'],
  ['role:everyone', 'Everyone'],
  ['role:internet', 'Everyone on the internet'],
] as const

/** The id of a system group of the organization whose realm id is `realmId`, or `undefined`. */
export function systemGroupId(realmId: number, name: string): number | undefined {
  const index = SYSTEM_GROUPS.findIndex(([groupName]) => groupName === name)
  return index < 0 ? undefined : (realmId - 1) * SYSTEM_GROUPS.length + index + 1
}

/** What a user mention shows of a user. */
export interface MentionedUser {
  id: number
  fullName: string
}

/** What rendering needs of the organization: its realm id and its users (for mentions). */
export interface MarkdownContext {
  realmId: number
  /** The (active or not) user with this full name, or `undefined`. */
  userByName(name: string): MentionedUser | undefined
  /** The (active or not) user of the organization with this id, or `undefined`. */
  userById(id: number): MentionedUser | undefined
  /** The id of the organization's channel with exactly this name (case counts), or `undefined`. */
  channelIdByName(name: string): number | undefined
}

/** Python-Markdown's escaping of a text run: entity and character references (`&copy;`, `&#169;`) stay. */
export function escapeInlineText(text: string): string {
  if (!/[&<>]/.test(text)) return text
  return text
    .replace(/&(?!(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z0-9]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/**
 * The most characters the HTML of a message may have: `MAX_MESSAGE_LENGTH * 100` (10,000 × 100), past which
 * the real server's `do_convert` (zerver/lib/markdown/__init__.py) raises `MarkdownRenderingError`, and the
 * Welcome Bot's message is not sent (the endpoint answers its 500).
 */
export const MAX_RENDERED_LENGTH = 1_000_000

/** Thrown when rendering a text passes `MAX_RENDERED_LENGTH` (a table padded to thousands of cells a row). */
export class RenderingFailed extends Error {}
