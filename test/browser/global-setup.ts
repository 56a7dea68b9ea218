/**
 * vitest's global set-up: the browser tests need Chromium. Without it, a CI run (`CI` set, as CI services and
 * `.ci/run` do) fails before any test runs; any other run skips those tests and says why once, after vitest's
 * summary, with the command that installs it.
 */
import type { TestProject } from 'vitest/node'
import { CHROMIUM, hasChromium } from './chromium-binary.js'

/** The test files that drive Chromium. */
const BROWSER_FILES = /\/test\/(?:browser\/|playwright\/route-simulator\.|har\/replay\.)/

const INSTALL =
  'Install it with `sudo apt-get install chromium`, or set UNDERSTUDY_CHROMIUM to a Chromium binary.'

/** `CI` set to anything but `0` or `false`. */
const inCi = () => !['', '0', 'false'].includes((process.env.CI ?? '').trim().toLowerCase())

export default function chromiumCheck(project: TestProject): (() => void) | undefined {
  if (hasChromium) return undefined
  if (inCi()) {
    const error = new Error(
      `[understudy] CI is set and the browser tests need Chromium, which is not installed at ${CHROMIUM}. ${INSTALL}`,
    )
    // The message is the whole story: no stack trace of vitest's set-up under it.
    error.stack = error.message
    throw error
  }
  return () => {
    const files = project.vitest.state.getFiles().map((file) => file.filepath)
    if (!files.some((file) => BROWSER_FILES.test(file))) return
    process.stderr.write(
      `\n[understudy] The browser tests (test/browser, test/playwright, test/har/replay) were skipped: Chromium is not installed at ${CHROMIUM}. ${INSTALL}\n`,
    )
  }
}
