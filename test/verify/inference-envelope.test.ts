/**
 * `verifyHar` on recordings of the real router's inference (test/recordings/openrouter/openrouter-real.har, made
 * from the kept recordings by make.mjs): the envelope is compared (keys, order, types, ids by form, the
 * stream's framing, error bodies), the model's words are not. The kept HAR verifies clean
 * (test/recordings/recordings.test.ts); here, edited copies show what is and is not reported.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { verifyHar } from '../../src/surfaces/verify/index.js'

const HAR = readFileSync(
  new URL('../recordings/openrouter/openrouter-real.har', import.meta.url),
  'utf8',
)

interface Entry {
  request: { url: string; postData?: { text: string } }
  response: { status: number; content: { text: string } }
}

/** The HAR with the answers of the entries `find` picks edited. */
function edited(find: (entry: Entry) => boolean, edit: (text: string) => string): string {
  const har = JSON.parse(HAR) as { log: { entries: Entry[] } }
  const entries = har.log.entries.filter(find)
  expect(entries.length).toBeGreaterThan(0)
  for (const entry of entries) {
    const text = edit(entry.response.content.text)
    expect(text).not.toBe(entry.response.content.text)
    entry.response.content.text = text
  }
  return JSON.stringify(har)
}

const byModel = (model: string) => (entry: Entry) =>
  entry.request.postData?.text.includes(`"model":"${model}"`) === true &&
  entry.response.status === 200

const report = async (har: string) =>
  (await verifyHar(har)).differences.map(({ kind, path }) => `${kind} ${path}`)

describe('verify --har on the real router’s inference', () => {
  it('compares every exchange of the kept HAR and finds nothing', async () => {
    const result = await verifyHar(HAR)
    expect([result.compared, result.skipped, result.differences]).toEqual([6, [], []])
  })

  it('does not report other words, another number of deltas, other token counts or other ids', async () => {
    const har = edited(byModel('anthropic/claude-sonnet-5'), (text) =>
      text
        .replace('lookup off-by-one bounds bug', 'something else entirely')
        .replace('"input_tokens":1231', '"input_tokens":7')
        .replace(/gen-1787613199-Rd1HqID6PybJhB89ZeWK/g, 'gen-1787613199-AAAAAAAAAAAAAAAAAAAA')
        .replace(
          'event: content_block_stop',
          'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"!"}}\n\nevent: content_block_stop',
        ),
    )
    expect(await report(har)).toEqual([])
  })

  it('reports a key out of order, a missing key, another type and an id of another form', async () => {
    const har = edited(byModel('openai/gpt-5.6-sol'), (text) =>
      text
        .replace(
          '"content":[],"phase":"final_answer"},"sequence_number":4',
          '"content":[]},"sequence_number":4',
        )
        .replace(',"logprobs":[],"sequence_number":6}', ',"sequence_number":6,"logprobs":[]}')
        .replace(
          '"top_logprobs":0,"max_tool_calls":null,"metadata":{},"background":false,"previous_response_id":null,"service_tier":"auto"',
          '"top_logprobs":"0","max_tool_calls":null,"metadata":{},"background":false,"previous_response_id":null,"service_tier":"auto"',
        )
        .replace(
          '"id":"msg_tmp_tujkixbm9","type":"message","status":"in_progress"',
          '"id":"item-42","type":"message","status":"in_progress"',
        ),
    )
    expect(await report(har)).toEqual([
      'type body[2].response.top_logprobs',
      'value body[4].item.id',
      'extra body[4].item.phase',
      'order body[6]',
    ])
  })

  it('reports the stream’s framing: an event the real one does not send, and a missing end', async () => {
    const har = edited(byModel('anthropic/claude-sonnet-5'), (text) =>
      text
        .replace(
          'event: content_block_delta',
          'event: ping\ndata: {"type": "ping"}\n\nevent: content_block_delta',
        )
        .replace('event: data\ndata: [DONE]\n\n', ''),
    )
    const differences = (await verifyHar(har)).differences
    expect(differences.map(({ kind, path }) => `${kind} ${path}`)).toEqual(['stream body'])
    expect(differences[0]?.expected).toEqual([
      'event: message_start message_start',
      'event: content_block_start content_block_start',
      'event: ping ping',
      'event: content_block_delta content_block_delta text_delta',
      'event: content_block_stop content_block_stop',
      'event: message_delta message_delta',
      'event: message_stop message_stop',
    ])
  })

  it('compares an error body’s key order, and its message where it is the envelope’s own (a 401)', async () => {
    // Both 401s code first (an order the recording shows in one form only is compared), one message another.
    const har = edited(
      (entry) => entry.response.status === 401,
      (text) =>
        text
          .replace('User not found.', 'Unknown user')
          .replace(
            /^\{"error":\{"message":("[^"]*"),"code":401\}\}$/,
            '{"error":{"code":401,"message":$1}}',
          ),
    )
    expect(await report(har)).toEqual([
      'order body.error',
      'value body.error.message',
      'order body.error',
    ])
  })
})

describe('a stream whose data nests JSON past the limit', () => {
  it('is refused naming the entry, not compared until the stack overflows', async () => {
    const deep = `${'['.repeat(5_000)}1${']'.repeat(5_000)}`
    const har = edited(
      (entry) =>
        entry.response.content.text.startsWith('data: ') ||
        entry.response.content.text.includes('\ndata: '),
      (text) => `${text.split('\n\n')[0]}\n\ndata: ${deep}\n\n`,
    )
    await expect(verifyHar(har)).rejects.toThrow('body nests JSON more than 1,000 levels deep')
  })
})
