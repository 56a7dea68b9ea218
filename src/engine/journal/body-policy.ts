/**
 * Which answers did not depend on the request body, so that the journal keeps only its first KiB (a 9 MB
 * body refused 401 costs the journal 1 KiB, not 256). From each service's order of checks:
 * - router: the route (404 with no operation, 405), credentials (401) and write permission (403) are
 *   all checked before the body is read;
 * - messaging: the form body is parsed first (a malformed one is the 400 page, which keeps its body),
 *   then the route (404 with no operation, 405), credentials (401) and the rate limit (429): none of
 *   these use what the fields hold (the service answers no 403);
 * - both: an injected status or network fault, and the 413 for a body over the limit (not read at all,
 *   so nothing is kept).
 * @module
 */

/** The most bytes of a body the journal keeps when the answer did not depend on it: 1 KiB. */
export const JOURNAL_REFUSED_BODY_BYTES = 1024

/** Statuses a service answers from checks made before (or without) the body's content. */
const BEFORE_BODY = new Set([401, 403, 405, 429])

/** Whether a service's answer came from checks made before its body mattered. */
export function answeredBeforeBody(status: number, operation: string | null): boolean {
  return BEFORE_BODY.has(status) || (status === 404 && operation === null)
}

/** Whether an injected fault answered instead of the service (a status or a network fault, not a delay). */
export function faultAnswered(fault: object | undefined): boolean {
  return fault !== undefined && ('status' in fault || 'network' in fault)
}
