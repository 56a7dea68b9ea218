/**
 * The state the page drew last, for the parts that draw again without a poll (a filter changed).
 * @module
 */
import type { InspectorState } from './poll.js'

let latest: InspectorState | null = null

/** The state drawn last, `null` before the first poll answered. */
export const lastState = (): InspectorState | null => latest

export function keepState(state: InspectorState): void {
  latest = state
}
