/**
 * Playwright's `recordHar` with `content: 'attach'` keeps bodies in files beside the HAR (`_file` instead of
 * `text`); `understudy-mock verify --har` reads them back in, so such a recording verifies like one with embedded
 * bodies. A missing attachment leaves the body unrecorded (not compared), as a HAR without content would.
 * @module
 */
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

type Body = { _file?: unknown; text?: unknown; encoding?: unknown }

async function inline(body: Body | undefined, folder: string): Promise<void> {
  if (!body || typeof body._file !== 'string' || body.text !== undefined) return
  // Only a file name in the HAR's own folder, as Playwright writes it.
  if (/[\\/]|^\.\.?$/.test(body._file)) return
  try {
    body.text = (await readFile(join(folder, body._file))).toString('base64')
    body.encoding = 'base64'
  } catch {
    // Not there: the body stays unrecorded.
  }
}

/** The HAR text with attached bodies written in, or the text as it was when it is not such a HAR. */
export async function withAttachments(text: string, file: string): Promise<string> {
  if (!text.includes('"_file"')) return text
  let document: { log?: { entries?: unknown } }
  try {
    document = JSON.parse(text)
  } catch {
    return text
  }
  const entries = Array.isArray(document.log?.entries) ? document.log.entries : []
  const folder = dirname(file)
  for (const entry of entries as Array<{
    request?: { postData?: Body }
    response?: { content?: Body }
  }>) {
    await inline(entry?.response?.content, folder)
    await inline(entry?.request?.postData, folder)
  }
  return JSON.stringify(document)
}
