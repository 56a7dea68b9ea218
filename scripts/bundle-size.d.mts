/** Types of bundle-size.mjs, for the benchmark and the budget test. */

/** When a chunk loads: with the page, before `startSimulator` resolves, or when something needs it. */
export type When = 'initial' | 'at start' | 'on demand'

export interface PageBundle {
  initial: number
  atStart: number
  total: number
  chunks: Array<{ file: string; bytes: number; when: When; entry: string | null }>
  /** Bytes of output per part (zod, msw and its dependencies, src/services/router, …), by when they load. */
  groups: Record<string, Record<When, number>>
}

export interface BundleSizes {
  simulator: PageBundle
  msw: PageBundle
  /** The simulator page's figures less msw alone's. */
  share: { initial: number; atStart: number; total: number }
}

export const INITIAL_TARGET: number
export const INITIAL_BUDGET: number
export function measureBundles(options: { root: string; dist?: string }): Promise<BundleSizes>
export function kb(bytes: number): string
