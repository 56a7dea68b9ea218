/**
 * What the journal keeps of an inference (`InferenceMeta`, `src/engine/core/inference-meta.ts`): the fields a filter
 * reads (preset, version, model, scripted) as they are, and the record itself, copied, so that a caller who
 * changes the request or the preset's config afterwards changes nothing kept. A record of plain data (objects,
 * arrays, strings, numbers, booleans, null) whose copy is small is kept as that copy, made at record time
 * without serialising it, its size estimated for the byte budget as it is made; any other (larger than
 * `COPY_LIMIT_BYTES`, or holding anything JSON would not read back as data) as JSON text, as a body is: the
 * effective request apart, its first part when its JSON is longer than the body prefix. Either is read back
 * the same way: as JSON, parsed (a fresh copy for every reader), the effective request redacted, or as a
 * text preview where a reader asks for one.
 * @module
 */
import type { InferenceMeta } from '../core/inference-meta.js'
import { keptText, utf8Length } from './body-text.js'
import { redact, redactText } from './redact.js'

/** An inference as a journal entry gives it back. */
export type JournalInference = Omit<InferenceMeta, 'effectiveRequest'> &
  (
    | {
        /** The request after the preset was merged in (secret-named fields redacted). */
        effectiveRequest: Record<string, unknown>
        effectiveRequestTruncated?: undefined
        effectiveRequestSize?: undefined
      }
    | {
        /** The first part of the effective request's JSON text (longer than the journal's body prefix). */
        effectiveRequest: string
        effectiveRequestTruncated: true
        /** The effective request's JSON size in UTF-8 bytes. */
        effectiveRequestSize: number
      }
  )

/** An inference as an entry keeps it. */
export interface StoredInference {
  /** The slug and version number of the preset applied, or null. */
  preset: string | null
  version: number | null
  /** The model that answered. */
  model: string
  /** Whether a script answered. */
  scripted: boolean
  /** The record copied (plain data only, nothing shared with the caller's), when kept as a copy. */
  copy: InferenceMeta | undefined
  /** Kept as JSON text: the record but its effective request. */
  fields: string | undefined
  /** Kept as JSON text: the effective request, whole, or its first part when `requestSize` is set. */
  request: string | undefined
  /** The effective request's JSON size in UTF-8 bytes, set only when `request` keeps less. */
  requestSize: number | undefined
  /** What it counts against the journal's byte budget. */
  bytes: number
}

/**
 * The most bytes (estimated, `Copy`) an inference is kept as a copy of: about 40 messages of a few
 * sentences. A larger one is kept as JSON text (its effective request cut to the body prefix), as before.
 */
const COPY_LIMIT_BYTES = 32 * 1024
/** How deep a copy goes: deeper (or a cycle) is kept as JSON text, which says what JSON says of it. */
const COPY_DEPTH = 64

/**
 * Estimated bytes of what a copy holds on the JS heap (64-bit V8, pointers compressed or not: on the high
 * side): an object or array and each of its slots, and each string it holds (2 bytes a character, as if two-
 * byte; shared strings counted as the entry's own). Measured against the heap (decisions/journal-inference.md).
 */
const OBJECT_BYTES = 24
const SLOT_BYTES = 8
const STRING_BYTES = 16
const NUMBER_BYTES = 16
/** The kept record's own object (`StoredInference`). */
const STORED_BYTES = 96

/**
 * A deep copy of plain data, its size estimated as it goes (`bytes`); `undefined` (and `failed` set) when
 * the value holds anything else (a class instance, a function, a bigint, a symbol, an own `__proto__` key,
 * a `toJSON` method, more than `COPY_DEPTH` levels) or the copy would pass `COPY_LIMIT_BYTES`. What it
 * copies is what `JSON.stringify` reads: own enumerable string keys in order, array items up to `length`.
 */
class Copy {
  bytes = 0
  failed = false

  value(value: unknown, depth: number): unknown {
    switch (typeof value) {
      case 'string':
        this.bytes += STRING_BYTES + value.length
        return value
      case 'number':
        this.bytes += NUMBER_BYTES
        return value
      case 'boolean':
      case 'undefined':
        return value
      case 'object':
        if (value === null) return value
        return this.object(value, depth)
      default:
        this.failed = true
        return undefined
    }
  }

  object(value: object, depth: number): unknown {
    if (
      depth >= COPY_DEPTH ||
      this.bytes > COPY_LIMIT_BYTES ||
      typeof (value as { toJSON?: unknown }).toJSON === 'function'
    ) {
      this.failed = true
      return undefined
    }
    const prototype = Object.getPrototypeOf(value)
    if (prototype === Array.prototype) {
      const items = value as unknown[]
      const length = items.length
      this.bytes += OBJECT_BYTES + SLOT_BYTES * length
      const out = new Array<unknown>(length)
      for (let i = 0; i < length && !this.failed; i++) out[i] = this.value(items[i], depth + 1)
      return out
    }
    if (prototype !== Object.prototype && prototype !== null) {
      this.failed = true
      return undefined
    }
    const record = value as Record<string, unknown>
    const out: Record<string, unknown> = {}
    this.bytes += OBJECT_BYTES
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue
      if (key === '__proto__' || this.failed) {
        this.failed = true
        return undefined
      }
      this.bytes += SLOT_BYTES + key.length
      out[key] = this.value(record[key], depth + 1)
    }
    return out
  }
}

/**
 * The inference as kept: a copy of plain data when small (no serialising on the request's path), else
 * copied into JSON text, its effective request cut to `prefixBytes` when longer.
 */
export function storeInference(meta: InferenceMeta, prefixBytes: number): StoredInference {
  const preset = meta.preset?.slug ?? null
  const version = meta.preset?.version ?? null
  const model = meta.model
  const scripted = meta.script !== null
  const copy = new Copy()
  const copied = copy.object(meta, 0) as InferenceMeta | undefined
  if (!copy.failed && copy.bytes <= COPY_LIMIT_BYTES) {
    return {
      preset,
      version,
      model,
      scripted,
      copy: copied,
      fields: undefined,
      request: undefined,
      requestSize: undefined,
      bytes: STORED_BYTES + copy.bytes,
    }
  }
  const { effectiveRequest, ...fields } = meta
  const { text: request, size: requestSize } = keptText(
    JSON.stringify(effectiveRequest),
    prefixBytes,
  )
  const fieldsText = JSON.stringify(fields)
  return {
    preset,
    version,
    model,
    scripted,
    copy: undefined,
    fields: fieldsText,
    request,
    requestSize,
    bytes: fieldsText.length + request.length,
  }
}

/** The inference as JSON text, as kept or as a kept copy gives it (with the same prefix rule). */
function textOf(
  stored: StoredInference,
  prefixBytes: number,
): { fields: string; request: string; requestSize: number | undefined } {
  if (stored.copy === undefined) {
    return {
      fields: stored.fields as string,
      request: stored.request as string,
      requestSize: stored.requestSize,
    }
  }
  const { effectiveRequest, ...fields } = stored.copy
  const { text: request, size: requestSize } = keptText(
    JSON.stringify(effectiveRequest),
    prefixBytes,
  )
  return { fields: JSON.stringify(fields), request, requestSize }
}

/**
 * The inference as read: a fresh copy, its effective request redacted; as a text preview of `preview`
 * characters (with its size) when it is longer than that, or was kept in part (`prefixBytes`: the journal's
 * body prefix, which a kept copy is read under as JSON text is kept).
 */
export function readInference(
  stored: StoredInference,
  prefixBytes: number,
  preview?: number,
): JournalInference {
  const { fields, request, requestSize } = textOf(stored, prefixBytes)
  const { endpoint, requestedModel, preset, ...rest } = JSON.parse(fields) as Omit<
    InferenceMeta,
    'effectiveRequest'
  >
  if (requestSize === undefined && (preview === undefined || request.length <= preview)) {
    const effectiveRequest = redact(JSON.parse(request)) as Record<string, unknown>
    return { endpoint, requestedModel, preset, effectiveRequest, ...rest }
  }
  return {
    endpoint,
    requestedModel,
    preset,
    effectiveRequest: redactText(preview === undefined ? request : request.slice(0, preview)),
    effectiveRequestTruncated: true,
    effectiveRequestSize: requestSize ?? utf8Length(request),
    ...rest,
  }
}
