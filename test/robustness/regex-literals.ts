/**
 * The regular-expression literals of TypeScript sources, found by a small scanner (strings, template
 * literals, comments and regex literals told apart by what precedes a `/`), for the static ReDoS check
 * (`redos.test.ts`). No TypeScript compiler API: the toolchain's next compiler has none.
 * @module
 */

/** A regex literal: its source, flags and where it is (file:line). */
export interface RegexLiteral {
  source: string
  flags: string
  where: string
}

/** Keywords after which a `/` starts a regex literal, not a division. */
const KEYWORDS = new Set([
  'return',
  'typeof',
  'case',
  'of',
  'in',
  'void',
  'delete',
  'throw',
  'else',
  'do',
  'yield',
  'await',
])

/** Every regex literal of a source text. */
export function regexLiterals(text: string, file: string): RegexLiteral[] {
  const found: RegexLiteral[] = []
  // What the last significant token was: a value (a `/` after it divides) or not.
  let afterValue = false
  // Template literals: how many `${` are open in each nested template.
  const templates: number[] = []
  // A `#!` line opens a script.
  let i = text.startsWith('#!') ? text.indexOf('\n') : 0
  const line = (at: number) => text.slice(0, at).split('\n').length
  while (i < text.length) {
    const c = text[i] as string
    const next = text[i + 1]
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++
      continue
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 2
      continue
    }
    if (/\s/.test(c)) {
      i++
      continue
    }
    if (c === "'" || c === '"') {
      i++
      while (i < text.length && text[i] !== c) i += text[i] === '\\' ? 2 : 1
      i++
      afterValue = true
      continue
    }
    if (c === '`' || (c === '}' && templates.length > 0 && templates.at(-1) === 0)) {
      // A template's text, from its start or from the end of a `${…}`, up to its end or the next `${`.
      if (c === '}') templates.pop()
      i++
      while (i < text.length && text[i] !== '`' && !(text[i] === '$' && text[i + 1] === '{'))
        i += text[i] === '\\' ? 2 : 1
      if (text[i] === '`') {
        i++
        afterValue = true
      } else {
        i += 2
        templates.push(1)
        afterValue = false
      }
      continue
    }
    if (templates.length > 0 && (c === '{' || c === '}')) {
      templates[templates.length - 1] = (templates.at(-1) as number) + (c === '{' ? 1 : -1)
      if (c === '}' && templates.at(-1) === 0) continue
      i++
      afterValue = c === '}'
      continue
    }
    if (c === '/' && !afterValue) {
      const start = i
      let inClass = false
      i++
      while (i < text.length && (inClass || text[i] !== '/')) {
        if (text[i] === '\\') i++
        else if (text[i] === '[') inClass = true
        else if (text[i] === ']') inClass = false
        i++
      }
      const source = text.slice(start + 1, i)
      i++
      let flags = ''
      while (i < text.length && /[a-z]/.test(text[i] as string)) flags += text[i++]
      found.push({ source, flags, where: `${file}:${line(start)}` })
      afterValue = true
      continue
    }
    if (/[\w$]/.test(c)) {
      let word = ''
      while (i < text.length && /[\w$]/.test(text[i] as string)) word += text[i++]
      afterValue = !KEYWORDS.has(word)
      continue
    }
    afterValue = c === ')' || c === ']' || c === '}'
    i++
  }
  return found
}
