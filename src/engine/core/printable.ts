/**
 * Text printed for people (the CLI's banner, its request log, the server's console lines) carries values
 * anyone could send: an e-mail address may hold control characters in a quoted local part, a key label
 * from a snapshot anything. Printed raw, an escape sequence would drive the terminal (clear the screen,
 * write the clipboard with OSC 52, overwrite a log line with a forged one). As nginx does in its logs,
 * every C0 control, DEL and C1 control is written as `\xHH` instead; everything else is kept.
 * @module
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it escapes.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g
const hex = (character: string) =>
  character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')

/** The text with each control character (C0, DEL, C1) written as `\xHH`: one line, inert in a terminal. */
export function printable(text: string): string {
  return text.replace(CONTROLS, (character) => `\\x${hex(character)}`)
}

const JSON_UNESCAPED_CONTROLS = /[\u007f-\u009f]/g

/**
 * A value as one line of JSON with no control character left raw: `JSON.stringify` escapes C0 controls;
 * DEL and C1 controls, which JSON allows raw, are escaped as `\u00HH` too (the same value once parsed).
 */
export function printableJson(value: unknown): string {
  return JSON.stringify(value).replace(
    JSON_UNESCAPED_CONTROLS,
    (character) => `\\u00${hex(character).toLowerCase()}`,
  )
}
