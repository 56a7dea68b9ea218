/** Types of release.mjs, for its test. */
export function nextVersion(current: string, wanted: string | undefined): string
export function releaseChangelog(text: string, version: string, date: string): string
export function setManifestVersion(text: string, version: string): string
export function setLockVersion(text: string, version: string): string
export function setSourceVersion(text: string, version: string): string
