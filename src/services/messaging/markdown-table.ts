/**
 * Tables in message Markdown, as Python-Markdown's `tables` extension (3.10, the real 442 server's) reads
 * a block (the lines up to a blank line): a header row, a separator row of `-`, `:`, `|` and spaces with
 * as many cells, then body rows cut or padded to the header's cells (padded as they are written); pipes inside code spans do not split.
 * @module
 */
import { trimRuns } from '../../engine/core/text-runs.js'
import { MAX_RENDERED_LENGTH, RenderingFailed } from './markdown-text.js'

/** `RE_END_BORDER`: a row ending in an unescaped pipe. */
const END_BORDER = /(?<!\\)(?:\\\\)*\|$/
/** `RE_CODE_PIPES`: escaped backslashes, backtick runs (escaped or not), escaped pipes, pipes. */
const CODE_PIPES = /(\\\\)|(\\`+)|(`+)|(\\\|)|(\|)/g

/** `_split`: the cells of a row, split at pipes outside code spans. */
function split(row: string): string[] {
  const pipes: number[] = []
  const tics: { size: number; start: number; end: number; escaped: number }[] = []
  for (const match of row.matchAll(CODE_PIPES)) {
    const index = match.index
    if (match[2])
      tics.push({
        size: match[2].length - 1,
        start: index,
        end: index + match[2].length - 1,
        escaped: 1,
      })
    else if (match[3])
      tics.push({
        size: match[3].length,
        start: index,
        end: index + match[3].length - 1,
        escaped: 0,
      })
    else if (match[5]) pipes.push(index)
  }
  // Pair each backtick run with the next run of its size (an escaped opening counts one less). The runs
  // of each size are listed in order, each with a cursor that only moves on: linear in the runs.
  const bySize = new Map<number, { at: number[]; next: number }>()
  for (const [index, tic] of tics.entries()) {
    const list = bySize.get(tic.size) ?? { at: [], next: 0 }
    list.at.push(index)
    bySize.set(tic.size, list)
  }
  const regions: [number, number][] = []
  let pos = 0
  while (pos < tics.length) {
    const open = tics[pos] as (typeof tics)[number]
    const size = open.size - open.escaped
    const list = size === 0 ? undefined : bySize.get(size)
    while (list && list.next < list.at.length && (list.at[list.next] as number) <= pos)
      list.next += 1
    const partner = list?.at[list.next]
    if (partner === undefined) {
      pos += 1
      continue
    }
    regions.push([open.start, (tics[partner] as (typeof tics)[number]).end])
    pos = partner + 1
  }
  const cells: string[] = []
  let start = 0
  // Regions and pipes are both in order: one pass over each.
  let region = 0
  for (const pipe of pipes) {
    while (region < regions.length && (regions[region] as [number, number])[1] < pipe) region += 1
    const around = regions[region]
    if (around && around[0] <= pipe) continue
    cells.push(row.slice(start, pipe))
    start = pipe + 1
  }
  cells.push(row.slice(start))
  return cells
}

/** `_split_row`: the cells of a row, its border pipes left out when the header has them. */
function splitRow(row: string, border: boolean): string[] {
  if (!border) return split(row)
  return split((row.startsWith('|') ? row.slice(1) : row).replace(END_BORDER, ''))
}

/** A table read from a block, or `undefined` when the block is no table (`TableProcessor.test`). */
export function readTable(
  block: readonly string[],
): { header: string[]; align: (string | undefined)[]; rows: string[][] } | undefined {
  const rows = block.map((row) => trimRuns(row, ' '))
  if (rows.length < 2) return undefined
  const header = rows[0] as string
  const border = header.startsWith('|') || END_BORDER.test(header)
  const headerCells = splitRow(header, border)
  let isTable = headerCells.length > 1
  // A one-column table needs a pipe at the start or the end of every row.
  if (!isTable && headerCells.length === 1 && border)
    isTable = rows.slice(1).every((row) => row.startsWith('|') || END_BORDER.test(row))
  if (!isTable) return undefined
  const separator = splitRow(rows[1] as string, border)
  if (separator.length !== headerCells.length || !/^[|:\- ]*$/.test(separator.join('')))
    return undefined
  const align = separator.map((cell) => {
    const c = trimRuns(cell, ' ')
    if (c.startsWith(':') && c.endsWith(':')) return 'center'
    if (c.startsWith(':')) return 'left'
    if (c.endsWith(':')) return 'right'
    return undefined
  })
  // A row's cells, cut to the header's; `renderTable` pads the shorter rows.
  const cells = (row: string) =>
    splitRow(row, border)
      .slice(0, align.length)
      .map((cell) => trimRuns(cell, ' '))
  const body = block.slice(2).map((row) => cells(trimRuns(row, ' ')))
  return { header: cells(header), align, rows: body }
}

/**
 * The HTML of a table, each cell's text rendered by `inline`. Every body row has the header's cells, so a
 * table's HTML can grow with the square of its text (a header of 1,333 cells over 1,333 one-cell rows:
 * 1.8 million cells from 8,000 characters): past twice `MAX_RENDERED_LENGTH` UTF-16 units (more characters
 * than the real server keeps, whatever they are) it stops with `RenderingFailed`, so that no table costs
 * more than that.
 */
export function renderTable(
  table: NonNullable<ReturnType<typeof readTable>>,
  inline: (text: string) => string,
): string {
  let size = 0
  // Each distinct cell text is rendered once (the padding cells are all empty).
  const rendered = new Map<string, string>()
  const render = (cell: string) => {
    let html = rendered.get(cell)
    if (html === undefined) {
      html = inline(cell)
      rendered.set(cell, html)
    }
    return html
  }
  const row = (cells: readonly string[], tag: 'th' | 'td') => {
    const parts: string[] = []
    for (let i = 0; i < table.align.length; i++) {
      const cell = cells[i] ?? ''
      const align = table.align[i]
      const style = align ? ` style="text-align: ${align};"` : ''
      const html = `<${tag}${style}>${render(cell)}</${tag}>`
      size += html.length + 1
      if (size > 2 * MAX_RENDERED_LENGTH) throw new RenderingFailed()
      parts.push(html)
    }
    return `<tr>\n${parts.join('\n')}\n</tr>`
  }
  // A table without body rows gets one empty row.
  const body = table.rows.length > 0 ? table.rows : [table.align.map(() => '')]
  const head = row(table.header, 'th')
  return `<table>\n<thead>\n${head}\n</thead>\n<tbody>\n${body.map((cells) => row(cells, 'td')).join('\n')}\n</tbody>\n</table>`
}
