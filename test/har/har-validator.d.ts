/** The part of `har-validator` (no types of its own) the HAR tests use. */
declare module 'har-validator' {
  /** Resolves with the document when it is valid HAR, rejects with a `HARError` listing every problem. */
  export function har(data: unknown): Promise<unknown>
}
