/**
 * One line that says what a recorded answer meant, for the inspector's journal rows: the service's own
 * error message (the router's `error.message`, messaging's `msg`), the page title of an HTML answer, or a
 * short summary of a success (the preset's slug and version, the new user's id, how many were listed).
 * @module
 */
import type { JournalFault } from '../../engine/journal/entry.js'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`

/** A router success: `{ data }` with a preset, a version, or a page of either. */
function routerSuccess(body: Json): string | undefined {
  const data = body.data
  if (Array.isArray(data)) {
    const total = typeof body.total_count === 'number' ? body.total_count : data.length
    const versions = data.length > 0 && isObject(data[0]) && 'preset_id' in data[0]
    const listed = plural(data.length, versions ? 'version' : 'preset')
    return total === data.length ? listed : `${listed} of ${total}`
  }
  if (!isObject(data)) return undefined
  if (typeof data.slug === 'string') {
    const designated = isObject(data.designated_version) ? data.designated_version.version : null
    return typeof designated === 'number' ? `${data.slug} v${designated}` : data.slug
  }
  if (typeof data.version === 'number') return `v${data.version}`
  return undefined
}

/** A messaging success: `{ result: 'success', … }` of one of the organization API's operations. */
function messagingSuccess(body: Json): string | undefined {
  if (typeof body.msg === 'string' && body.msg !== '') return body.msg
  if (typeof body.user_id === 'number' && typeof body.email !== 'string')
    return `user_id ${body.user_id}`
  if (typeof body.message_id === 'number') return `message_id ${body.message_id}`
  if (Array.isArray(body.members)) return plural(body.members.length, 'member')
  if (isObject(body.user) && typeof body.user.email === 'string') return body.user.email
  if (typeof body.email === 'string') return body.email
  if (isObject(body.message) && typeof body.message.id === 'number')
    return `message ${body.message.id}`
  if (typeof body.raw_content === 'string') return 'raw content'
  if (typeof body.zulip_version === 'string')
    return `Zulip ${body.zulip_version}, feature level ${String(body.zulip_feature_level)}`
  return undefined
}

function faultSummary(fault: JournalFault): string {
  if (fault.kind === 'hang') return `no answer: hung by fault ${fault.id}`
  if (fault.kind === 'network-error') return `connection reset by fault ${fault.id}`
  return ''
}

/** The message at the start of a long answer's text: the router's `error.message`, messaging's `msg`. */
const PREVIEW_MESSAGE =
  /^\{(?:"error":\{"code":[0-9]+,"message"|"result":"(?:error|success)","msg"):"((?:[^"\\]|\\.)+)"/

function previewMessage(text: string): string | undefined {
  const found = PREVIEW_MESSAGE.exec(text)?.[1]
  if (found === undefined) return undefined
  try {
    return JSON.parse(`"${found}"`) as string
  } catch {
    return found
  }
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The start of a streamed answer's text (server-sent events: a comment, a `data:` or an `event:` line). */
const EVENT_STREAM = /^(?::[^\n]*\n|data: |event: )/

/**
 * What an answer seen only as the first characters of its text says: the error message or page title
 * found there, or how large it was.
 */
function previewSummary(text: string, size: number): string {
  const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1]
  if (title !== undefined) return title.trim()
  const said = previewMessage(text)
  if (said) return said
  return `${/^\{"result":"success"/.test(text) ? 'success, ' : ''}${kilobytes(size)} answer`
}

/**
 * The one-line message of a recorded answer (`''` when there is nothing to say); `responseSize` is set
 * when `response` is only the first characters of the answer's text.
 */
export function summarizeAnswer(
  status: number,
  response: unknown,
  fault: JournalFault | null,
  responseSize?: number,
): string {
  if (status === 0) return fault ? faultSummary(fault) : 'no answer'
  if (typeof response === 'string' && EVENT_STREAM.test(response))
    return `event stream, ${kilobytes(responseSize ?? response.length)}`
  if (typeof response === 'string') {
    if (responseSize !== undefined) return previewSummary(response, responseSize)
    const title = /<title>([^<]*)<\/title>/i.exec(response)?.[1]
    return (title ?? response).trim()
  }
  if (!isObject(response)) return ''
  if (isObject(response.error) && typeof response.error.message === 'string')
    return response.error.message
  if (response.result === 'error' && typeof response.msg === 'string') return response.msg
  if (response.result === 'success') return messagingSuccess(response) ?? ''
  return routerSuccess(response) ?? ''
}
