/**
 * Tables in message Markdown, as Python-Markdown's `tables` extension (3.10, the real 442 server's) reads
 * a block (the lines up to a blank line): a header row, a separator row of `-`, `:`, `|` and spaces with
 * as many cells, then body rows cut or padded to the header's cells; pipes inside code spans do not split.
 * @module
 */

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
  // Pair each backtick run with the next run of its size (an escaped opening counts one less).
  const regions: [number, number][] = []
  let pos = 0
  while (pos < tics.length) {
    const open = tics[pos] as (typeof tics)[number]
    const size = open.size - open.escaped
    const offset = size === 0 ? -1 : tics.slice(pos + 1).findIndex((tic) => tic.size === size)
    if (offset < 0) {
      pos += 1
      continue
    }
    regions.push([open.start, (tics[pos + offset + 1] as (typeof tics)[number]).end])
    pos += offset + 2
  }
  const cells: string[] = []
  let start = 0
  for (const pipe of pipes) {
    if (regions.some(([from, to]) => from <= pipe && pipe <= to)) continue
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
  const rows = block.map((row) => row.replace(/^ +| +$/g, ''))
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
    const c = cell.replace(/^ +| +$/g, '')
    if (c.startsWith(':') && c.endsWith(':')) return 'center'
    if (c.startsWith(':')) return 'left'
    if (c.endsWith(':')) return 'right'
    return undefined
  })
  const cells = (row: string) => {
    const split = splitRow(row, border)
    return align.map((_, i) => (split[i] ?? '').replace(/^ +| +$/g, ''))
  }
  const body = block.slice(2).map((row) => cells(row.replace(/^ +| +$/g, '')))
  return { header: cells(header), align, rows: body }
}

/** The HTML of a table, each cell's text rendered by `inline`. */
export function renderTable(
  table: NonNullable<ReturnType<typeof readTable>>,
  inline: (text: string) => string,
): string {
  const row = (cells: readonly string[], tag: 'th' | 'td') =>
    `<tr>\n${cells
      .map((cell, i) => {
        const align = table.align[i]
        const style = align ? ` style="text-align: ${align};"` : ''
        return `<${tag}${style}>${inline(cell)}</${tag}>`
      })
      .join('\n')}\n</tr>`
  // A table without body rows gets one empty row.
  const body = table.rows.length > 0 ? table.rows : [table.align.map(() => '')]
  return `<table>\n<thead>\n${row(table.header, 'th')}\n</thead>\n<tbody>\n${body.map((cells) => row(cells, 'td')).join('\n')}\n</tbody>\n</table>`
}
