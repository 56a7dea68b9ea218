/**
 * The message of the `TypeError` a failed `fetch` rejects with on this runtime: undici's `fetch failed` in Node
 * (what msw 3, whose interceptor works on the socket, lets through too), the browsers' `Failed to fetch` elsewhere.
 * @module
 */
export const FETCH_FAILED =
  typeof process !== 'undefined' && typeof process.versions?.node === 'string'
    ? 'fetch failed'
    : 'Failed to fetch'
