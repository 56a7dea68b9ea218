/** What a failing assertion says: its message without colours (the matcher tests of both runners). */

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '')

/** The message a failing assertion throws, without colours; throws when the assertion passes. */
export function failure(assertion: () => void): string {
  try {
    assertion()
  } catch (error) {
    return plain((error as Error).message)
  }
  throw new Error('the assertion passed')
}
