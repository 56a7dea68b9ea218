/**
 * An object's signature for key-order stability: where it is (array positions as `[]`) and its keys, sorted.
 * @module
 */
export function objectSignature(wildPath: string, value: Record<string, unknown>): string {
  return `${wildPath} {${Object.keys(value).sort().join(',')}}`
}
