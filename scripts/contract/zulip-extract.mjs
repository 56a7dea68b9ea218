/**
 * Extracts from Zulip's whole `zerver/openapi/zulip.yaml` the operations Understudy simulates and every
 * component they reference, each block kept verbatim (its lines as Zulip wrote them), in Zulip's order:
 *
 *   <a comment naming the extract> + <the file's lines before `paths:`>
 *   paths:     each kept path's line, then its kept method blocks
 *   components: each kind's line, then its referenced entries' blocks
 *
 * A block is a line at its level (a path at 2 spaces, a method or a component at 4) and every line after it
 * up to the next non-blank line at that level or above, without trailing blank lines. Extracting an extract
 * gives the same text, so an extract written from blocks read one by one can be checked against the whole
 * file by anyone who has it (test/contract/descriptions/PROVENANCE.md).
 */

import { parse } from 'yaml'

/** The operations Understudy simulates (test/contract/check.ts maps its operation ids to these). */
const ZULIP_KEPT = {
  '/messages/{message_id}': ['get', 'delete'],
  '/users': ['get', 'post'],
  '/users/me': ['get', 'delete'],
  '/users/{email}': ['get'],
  '/users/{user_id}': ['get', 'delete'],
  '/realm/test_welcome_bot_custom_message': ['post'],
  '/server_settings': ['get'],
}

const COMMENT =
  "# Extract of Zulip's zerver/openapi/zulip.yaml: the operations Understudy simulates and the components\n" +
  '# they reference, each block verbatim (scripts/contract/zulip-extract.mjs; provenance: PROVENANCE.md).\n'

const indent = (line) => line.length - line.trimStart().length
const blank = (line) => line.trim() === ''

/** Splits `lines[from..to)` into blocks that start at `level` spaces: [{ key, lines }]. */
function blocks(lines, from, to, level) {
  const out = []
  let current
  for (let i = from; i < to; i++) {
    const line = lines[i]
    if (!blank(line) && indent(line) <= level) {
      current = undefined
      const match = indent(line) === level && /^\s*([^#\s][^:]*):\s*$/.exec(line)
      if (match) {
        current = { key: match[1], lines: [line] }
        out.push(current)
      }
    } else if (current) current.lines.push(line)
  }
  for (const block of out) while (blank(block.lines.at(-1))) block.lines.pop()
  return out
}

/** The `$ref`s a parsed node holds, anywhere inside it (`#/components/<kind>/<name>`). */
export function refs(node, into = new Set()) {
  if (Array.isArray(node)) for (const item of node) refs(item, into)
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') into.add(value)
      else refs(value, into)
    }
  }
  return into
}

/** The extract of a whole (or already extracted) zulip.yaml text (`doc`: the text, parsed, if at hand). */
export function extractZulip(text, doc = parse(text, { maxAliasCount: -1 })) {
  const lines = text.split('\n')
  while (lines[0]?.startsWith('# Extract of Zulip') || lines[0]?.startsWith('# they reference')) {
    lines.shift()
  }
  const top = (name) => lines.findIndex((line) => line === `${name}:`)
  const paths = top('paths')
  const components = top('components')
  if (paths < 0 || components < paths)
    throw new Error('not a zulip.yaml: no paths: then components:')
  const end = lines.findIndex(
    (line, i) => i > components && /^\S/.test(line) && !line.startsWith('#'),
  )

  const out = [COMMENT + lines.slice(0, paths).join('\n'), 'paths:']
  const wanted = new Set()
  for (const path of blocks(lines, paths + 1, components, 2)) {
    const methods = ZULIP_KEPT[path.key]
    if (methods === undefined) continue
    out.push(path.lines[0])
    for (const method of blocks(path.lines, 1, path.lines.length, 4)) {
      if (!methods.includes(method.key)) continue
      out.push(...method.lines)
      refs(doc.paths[path.key][method.key], wanted)
    }
  }
  // The components the kept operations reach, through components too.
  const queue = [...wanted]
  while (queue.length > 0) {
    const [, , kind, name] = queue.shift().split('/')
    const value = doc.components?.[kind]?.[name]
    if (value === undefined) throw new Error(`#/components/${kind}/${name} is not in the file`)
    for (const ref of refs(value)) {
      if (!wanted.has(ref)) {
        wanted.add(ref)
        queue.push(ref)
      }
    }
  }
  out.push('components:')
  for (const kind of blocks(lines, components + 1, end < 0 ? lines.length : end, 2)) {
    const kept = blocks(kind.lines, 1, kind.lines.length, 4).filter((entry) =>
      wanted.has(`#/components/${kind.key}/${entry.key}`),
    )
    if (kept.length === 0) continue
    out.push(kind.lines[0])
    for (const entry of kept) out.push(...entry.lines)
  }
  return `${out.join('\n')}\n`
}
