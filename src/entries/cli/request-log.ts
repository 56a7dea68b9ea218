/**
 * The request log of `understudy-mock serve --log`: one line per answered request, as text for people or as one
 * JSON object per line for tools. It shows who asked what and how it went, never a secret: no keys, no
 * passwords, no headers, no bodies, no query strings. Control characters a client or a snapshot put in a
 * path, an actor or an error are escaped (`core/printable.ts`): a line never drives the terminal or forges
 * another line.
 * @module
 */

import { printable, printableJson } from '../../engine/core/printable.js'
import type { JournalEvent } from '../../engine/journal/entry.js'
import { serviceDefinitions } from '../../services/registry.js'

/** The operation column's width: the longest operation name of any service, and a space. */
const OPERATION_WIDTH =
  Math.max(
    ...serviceDefinitions.flatMap((definition) =>
      definition.operations.map((operation) => operation.name.length),
    ),
  ) + 1

/** The request log's formats: `text` (`--log`) or `json` (`--log json`). */
export type LogFormat = 'text' | 'json'

const rounded = (ms: number) => Math.round(ms * 10) / 10

/** One request as one line, without the line break. */
export function formatRequest(request: JournalEvent, format: LogFormat): string {
  const time = new Date(request.time).toISOString()
  if (format === 'json') {
    // Field by field, so that nothing a record gains later reaches the log unless chosen here.
    return printableJson({
      time,
      seq: request.seq,
      service: request.service,
      tenant: request.tenant,
      operation: request.operation,
      actor: request.actor,
      method: request.method,
      path: request.path,
      status: request.status,
      durationMs: rounded(request.durationMs),
      fault: request.fault === null ? null : request.fault.kind,
      ...(request.error === undefined
        ? {}
        : { error: { message: request.error.message, stack: request.error.stack } }),
    })
  }
  const what = request.operation ?? `${request.method} ${request.path}`
  const duration = `${rounded(request.durationMs).toFixed(1)} ms`
  const line = [
    time,
    request.service.padEnd(9),
    what.padEnd(OPERATION_WIDTH),
    String(request.status),
    duration.padStart(9),
    ` ${request.actor ?? '-'}`,
    ...(request.fault ? [` [fault: ${request.fault.kind}]`] : []),
    ...(request.error === undefined
      ? []
      : [
          ` error: ${request.error.message}${request.error.stack ? ` ${request.error.stack}` : ''}`,
        ]),
  ].join(' ')
  return printable(line)
}
