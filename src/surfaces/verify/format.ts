/**
 * The report as people read it: a summary line, one row per difference (exchange, method and path, what
 * differs, the recorded value, the simulator's), the skipped exchanges with their reasons, and how the
 * simulator was set up.
 * @module
 */
import { verifyParts } from './parts.js'
import type { Difference, VerifyReport } from './report.js'

const WIDTH = { exchange: 4, request: 34, what: 34, value: 34 }

/** A value as one line of text: JSON; `(absent)` when there is none. */
function flat(value: unknown): string {
  const text = value === undefined ? '(absent)' : JSON.stringify(value)
  return (text ?? String(value)).replace(/\s+/g, ' ')
}

/** Text cut to `width` characters from `from` (`…` where something was left out). */
function cut(text: string, from: number, width: number): string {
  const head = from > 0 ? '…' : ''
  const room = width - head.length
  const rest = text.slice(from)
  return rest.length <= room ? `${head}${rest}` : `${head}${rest.slice(0, room - 1)}…`
}

/**
 * The recorded and the simulated value as two short cells. Two long texts that begin alike are both cut from
 * a little before where they first differ, so the cells show the difference, not the same beginning twice.
 */
function cells(expected: unknown, actual: unknown, width: number = WIDTH.value): [string, string] {
  const [a, b] = [flat(expected), flat(actual)]
  let same = 0
  while (same < a.length && same < b.length && a[same] === b[same]) same++
  const from = Math.max(a.length, b.length) > width && same > width / 2 ? same - 8 : 0
  return [cut(a, from, width), cut(b, from, width)]
}

/** The URL's path and query, for the table. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.pathname}${parsed.search}`
  } catch {
    return url
  }
}

const pad = (text: string, width: number) =>
  text.length >= width ? `${text.slice(0, width - 1)}… ` : text.padEnd(width + 1)

function what(difference: Difference): string {
  const label =
    difference.kind === 'order'
      ? 'order (milder)'
      : difference.kind === 'identity'
        ? 'id maps inconsistently'
        : difference.kind
  return difference.path === 'status' ? 'status' : `${label}: ${difference.path}`
}

/** The report as text for a terminal. */
export function formatReport(report: VerifyReport): string {
  const lines: string[] = []
  const count = report.differences.length
  lines.push(
    `understudy-mock verify: ${report.compared} exchange${report.compared === 1 ? '' : 's'} compared, ` +
      `${report.skipped.length} skipped, ${count === 0 ? 'no differences' : `${count} difference${count === 1 ? '' : 's'}`}`,
  )
  if (count > 0) {
    lines.push('')
    lines.push(
      `${pad('#', WIDTH.exchange)}${pad('request', WIDTH.request)}${pad('what differs', WIDTH.what)}${pad('real (recorded)', WIDTH.value)}simulator`,
    )
    for (const difference of report.differences) {
      const [expected, actual] = cells(difference.expected, difference.actual)
      lines.push(
        pad(String(difference.exchange), WIDTH.exchange) +
          pad(`${difference.method} ${pathOf(difference.url)}`, WIDTH.request) +
          pad(what(difference), WIDTH.what) +
          pad(expected, WIDTH.value) +
          actual +
          (difference.note ? `  (${difference.note})` : ''),
      )
    }
  }
  if (report.skipped.length > 0) {
    lines.push('', 'Skipped:')
    for (const skip of report.skipped) {
      const request = skip.method === '' ? '' : `${skip.method} ${skip.url}: `
      lines.push(`${pad(String(skip.exchange), WIDTH.exchange)}${request}${skip.reason}`)
    }
  }
  const { setup } = report
  lines.push('', `Set-up: clock at ${setup.clock.start} (${setup.clock.from})`)
  // The tenants are the share of the one part that gives tenants, which shows them (`VerifyPart.tenantLines`).
  const tenants = verifyParts().find(({ part }) => part.tenantLines !== undefined)?.part
  for (const tenant of setup.organizations) lines.push(...(tenants?.tenantLines?.(tenant) ?? []))
  for (const account of setup.accounts) {
    lines.push(`  ${account.service} ${account.credential}: ${account.role} (${account.from})`)
  }
  if (setup.seededUsers > 0 || setup.seededPresets > 0 || setup.seededMessages > 0) {
    lines.push(
      `  seeded from the recording: ${setup.seededUsers} user(s), ${setup.seededMessages} message(s), ${setup.seededPresets} preset(s)`,
    )
  }
  for (const note of setup.notes) lines.push(`  note: ${note}`)
  return lines.join('\n')
}
