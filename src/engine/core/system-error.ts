/**
 * A failed file operation in Understudy's own words (`no such file`, `it is a folder`, `permission denied`…),
 * from the error's `code` rather than its message, whose text differs between Node versions (Node 26 adds the
 * path to `EISDIR: illegal operation on a directory, read`). An error without a known code keeps its message.
 * @module
 */

const WORDS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
  EBUSY: 'the file is busy',
}

/** What went wrong, as `<words> (<code>)` for a known code; the error's own message otherwise. */
export function systemErrorText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && Object.hasOwn(WORDS, code)) return `${WORDS[code]} (${code})`
  return error instanceof Error ? error.message : String(error)
}
