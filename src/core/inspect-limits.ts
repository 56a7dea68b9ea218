/**
 * How much of the simulator's state the inspector's state carries: the page shows the newest items and
 * previews, so a poll stays small whatever was recorded.
 * @module
 */

/** How many journal entries the state carries, newest first. */
export const STATE_JOURNAL_ENTRIES = 50
/** The most bytes of a request body (characters of a response) the state carries per entry; a longer one is a text preview. */
export const STATE_BODY_PREVIEW_BYTES = 2048
/** The most characters of a query value or a path the state carries per entry. */
export const STATE_TEXT_PREVIEW = 2048
/** The most presets per workspace, users and messages per organization, and versions per preset shown. */
export const STATE_LIST_LIMITS = { presets: 50, versions: 10, users: 100, messages: 20 } as const
/** The most characters of a system prompt, a version's config or a message's content shown. */
export const FIELD_PREVIEW = 1000

/** A text cut to `max` characters, saying how much was left out. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`
}

/** The newest `limit` items (the last ones). */
export const newest = <T>(items: readonly T[], limit: number): T[] => items.slice(-limit)
