/**
 * A server-sent event stream as the router frames it (LF only, events separated by a blank line): each
 * block a comment (`: …`), or a `data:` event, with its `event:` name when it has one.
 * @module
 */

/** One block of a stream. */
export interface StreamBlock {
  /** `comment`: a block of comment lines only; `data`: an event with data. */
  kind: 'comment' | 'data'
  /** The `event:` name, when given. */
  name: string | undefined
  /** The data (its lines joined with LF); `''` for a comment. */
  data: string
}

/** Whether a body is an event stream (its first line a comment, `data:` or `event:`), not JSON. */
export function looksLikeEventStream(body: string): boolean {
  return /^(?::|data:|event:)/.test(body)
}

/** The blocks of a stream, in order; lines of a block other than comments, `event:` and `data:` are ignored. */
export function parseEventStream(body: string): StreamBlock[] {
  const blocks: StreamBlock[] = []
  for (const block of body.split('\n\n')) {
    if (block.trim() === '') continue
    let name: string | undefined
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
      else if (line.startsWith('event:')) name = line.slice(6).trim()
    }
    blocks.push(
      data.length === 0 && name === undefined
        ? { kind: 'comment', name: undefined, data: '' }
        : { kind: 'data', name, data: data.join('\n') },
    )
  }
  return blocks
}
