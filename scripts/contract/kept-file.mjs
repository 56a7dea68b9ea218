/**
 * How a kept description is stored in `test/contract/descriptions/`: as it is, or, for a whole Zulip file (over
 * 1 MB), gzipped beside its name (`<file>.gz`), so that no committed file is over 1 MB. Either way a reader gets
 * the description's own bytes, and its SHA-256 in provenance.json is that of those bytes.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'

/** The bytes of a kept description (`file` as provenance.json names it). */
export function readKept(folder, file) {
  const plain = join(folder, file)
  return existsSync(plain) ? readFileSync(plain) : gunzipSync(readFileSync(`${plain}.gz`))
}

/** Keeps a description: gzipped when `compressed` (a whole Zulip file), as it is otherwise. */
export function writeKept(folder, file, text, compressed) {
  if (compressed) writeFileSync(join(folder, `${file}.gz`), gzipSync(text, { level: 9 }))
  else writeFileSync(join(folder, file), text)
}
