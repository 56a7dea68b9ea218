/**
 * The package's version, for what the simulator writes about itself (a HAR file's `creator`) in any
 * runtime, a browser included, without reading package.json. `test/har/har.test.ts` checks it against
 * package.json's `version`.
 * @module
 */
export const UNDERSTUDY_VERSION = '0.1.0'
