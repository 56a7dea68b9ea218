/**
 * Keeps msw 2 from waking Node's web storage as it loads. Node 25 and later define a global `localStorage`
 * whose first read, when no `--localstorage-file` was given, prints `ExperimentalWarning: localStorage is not
 * available because --localstorage-file was not provided.` and gives `undefined`; msw 2's cookie store reads it
 * when its module loads (msw 3 does not, in Node). So every process that loaded msw 2 through Understudy (a test
 * file, a scenario file importing `understudy-mock`, `serve --engine msw`) printed that warning.
 *
 * Imported right before msw, this module puts `undefined` in the accessor's place, the value Node would give,
 * without the read; `restore-web-storage.ts`, imported right after msw, puts Node's accessor back, so that the
 * process's own code still gets Node's storage and its warning. Nothing is changed in a browser, in a DOM test
 * environment (jsdom, happy-dom), when a storage file was given, or when `localStorage` is a plain value.
 * @module
 */

let hidden: PropertyDescriptor | undefined

/** Whether this is Node without a storage file (a flag in `execArgv` or `NODE_OPTIONS`). */
function nodeWithoutStorageFile(): boolean {
  if (typeof process !== 'object' || typeof process.versions?.node !== 'string') return false
  const flags = [...(process.execArgv ?? []), process.env?.NODE_OPTIONS ?? '']
  return !flags.some((flag) => flag.includes('--localstorage-file'))
}

/**
 * Hides Node's `localStorage` accessor (see the module's comment); `restoreWebStorage` puts it back. Called when
 * this module loads; call it again around a dynamic `import('msw')` (a bundler hoists a static one above it).
 */
export function hideWebStorage(): void {
  if (hidden !== undefined || 'document' in globalThis || !nodeWithoutStorageFile()) return
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
  if (typeof descriptor?.get !== 'function' || !descriptor.configurable) return
  Object.defineProperty(globalThis, 'localStorage', {
    value: undefined,
    writable: true,
    configurable: true,
    enumerable: descriptor.enumerable ?? false,
  })
  hidden = descriptor
}

/** Puts back the accessor `hideWebStorage` hid, unless something has set `localStorage` since. */
export function restoreWebStorage(): void {
  if (hidden === undefined) return
  const current = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
  if (current && 'value' in current && current.value === undefined) {
    Object.defineProperty(globalThis, 'localStorage', hidden)
  }
  hidden = undefined
}

hideWebStorage()
