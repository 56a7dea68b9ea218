/**
 * How much of its records a service's `inspect()` (the `Inspectable` contract, `service.ts`) shows: the
 * inspector page shows the newest items and previews, so a poll stays small whatever was stored. The
 * journal's share of the inspector's state is the control surface's (`control/state.ts`).
 * @module
 */

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
