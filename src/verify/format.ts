/**
 * The report as people read it: a summary line, one row per difference (exchange, method and path, what
 * differs, the recorded value, the simulator's), the skipped exchanges with their reasons, and how the
 * simulator was set up.
 * @module
 */
import type { Difference, VerifyReport } from './report.js'

const WIDTH = { exchange: 4, request: 34, what: 34, value: 34 }

/** A value as a short cell: JSON, cut to `width` characters; `(absent)` when there is none. */
function cell(value: unknown, width: number = WIDTH.value): string {
  const text = value === undefined ? '(absent)' : JSON.stringify(value)
  const flat = (text ?? String(value)).replace(/\s+/g, ' ')
  return flat.length <= width ? flat : `${flat.slice(0, width - 1)}…`
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
    `understudy verify: ${report.compared} exchange${report.compared === 1 ? '' : 's'} compared, ` +
      `${report.skipped.length} skipped, ${count === 0 ? 'no differences' : `${count} difference${count === 1 ? '' : 's'}`}`,
  )
  if (count > 0) {
    lines.push('')
    lines.push(
      `${pad('#', WIDTH.exchange)}${pad('request', WIDTH.request)}${pad('what differs', WIDTH.what)}${pad('real (recorded)', WIDTH.value)}simulator`,
    )
    for (const difference of report.differences) {
      lines.push(
        pad(String(difference.exchange), WIDTH.exchange) +
          pad(`${difference.method} ${pathOf(difference.url)}`, WIDTH.request) +
          pad(what(difference), WIDTH.what) +
          pad(cell(difference.expected), WIDTH.value) +
          cell(difference.actual) +
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
  for (const organization of setup.organizations) {
    lines.push(
      `  messaging ${organization.recordedUrl} as "${organization.subdomain}", level ${organization.featureLevel} (${organization.featureLevelFrom})`,
      `    e-mail visibility ${organization.emailVisibility} (${organization.emailVisibilityFrom})`,
    )
  }
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
