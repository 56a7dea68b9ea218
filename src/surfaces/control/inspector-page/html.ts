/**
 * The inspector page's HTML helpers: escaping, previews and tables, all as strings of HTML.
 * @module
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text escaped for HTML (`null` and `undefined` as empty). */
export const esc = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)

/** A value in one line: a string as it is, anything else as compact JSON (`null`/`undefined` as empty). */
export const compact = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

/** A value over lines: a string as it is, anything else as indented JSON (`null`/`undefined` as empty). */
export const pretty = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value, null, 2)

/** An e-mail address that may wrap after its @ and its dots rather than anywhere. */
export const address = (value: unknown): string => esc(value).replace(/([@.])/g, '$1<wbr>')

/** Compact JSON that may wrap after its commas and colons rather than in a word. */
export const json = (text: string): string => esc(text).replace(/([,:])/g, '$1<wbr>')

/** Text cut to `max` characters, its last one `…` when cut. */
export const cut = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`

/** A size in bytes for people (`512 B`, `1.5 KB`, `2.0 MB`). */
export const bytes = (n: number): string =>
  n >= 1048576
    ? `${(n / 1048576).toFixed(1)} MB`
    : n >= 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${n} B`

/** A table; the columns listed in `nowrap` (by index) hold short values that never wrap. */
export const table = (
  head: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  nowrap: readonly number[] = [],
): string =>
  rows.length === 0
    ? '<p class="empty">none</p>'
    : `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
        .map(
          (r) =>
            `<tr>${r
              .map(
                (c, i) =>
                  `<td data-label="${esc(head[i])}"${nowrap.includes(i) ? ' class="nowrap"' : ''}><div>${c}</div></td>`,
              )
              .join('')}</tr>`,
        )
        .join('')}</tbody></table>`

/** A status as a coloured tag (`none` for no answer). */
export const statusTag = (status: number): string =>
  `<span class="status status-${String(status)[0]}">${status || 'none'}</span>`

/** A note when the state carries only the first tenants (the poll is bounded in total). */
export const shownOf = (shown: number, count: number, what: string): string =>
  count > shown ? `<p class="muted">the first ${shown} of ${count} ${what}</p>` : ''
