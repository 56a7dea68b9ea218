/**
 * How much of its records a service's `inspect()` (the `Inspectable` contract, `service.ts`) shows: the
 * inspector page shows the newest items and previews, so a poll stays small whatever was stored. The
 * journal's share of the inspector's state is the control surface's (`control/state.ts`).
 * @module
 */

/** The most presets per workspace, users and messages per organization, and versions per preset shown. */
export const STATE_LIST_LIMITS = { presets: 50, versions: 10, users: 100, messages: 20 } as const
/**
 * The most shown of each kind across a service's tenants, in their order: the first tenants, and items
 * while the total lasts (a tenant past it shows its counts and fewer items, or none). A poll stays small
 * however many tenants there are: 800 organizations made each poll about 100 ms and 4.7 MB.
 */
export const STATE_TOTAL_LIMITS = {
  tenants: 20,
  presets: 100,
  versions: 100,
  users: 300,
  messages: 60,
} as const

/** What is left of each total while a service's part of the state is built, tenant after tenant. */
export class ShownTotals {
  #left: Record<keyof typeof STATE_TOTAL_LIMITS, number> = { ...STATE_TOTAL_LIMITS }

  /**
   * How many of a tenant's `available` items of a kind to show: at most its own limit
   * (`STATE_LIST_LIMITS`) and what is left of the total.
   */
  take(kind: keyof typeof STATE_LIST_LIMITS, available: number): number {
    const shown = Math.max(0, Math.min(available, STATE_LIST_LIMITS[kind], this.#left[kind]))
    this.#left[kind] -= shown
    return shown
  }

  /** The tenants to show: the first ones, up to the total. */
  tenants<T>(all: readonly T[]): T[] {
    return all.slice(0, STATE_TOTAL_LIMITS.tenants)
  }
}
/** The most scripted answers the router's part shows (the first: a test's, then the scenario's). */
export const STATE_SCRIPTS_SHOWN = 50

/** The most characters of a system prompt, a version's config or a message's content shown. */
export const FIELD_PREVIEW = 1000

/** A text cut to `max` characters, saying how much was left out. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`
}

/** The newest `limit` items (the last ones; none when `limit` is 0). */
export const newest = <T>(items: readonly T[], limit: number): T[] =>
  limit <= 0 ? [] : items.slice(-limit)
