/**
 * Without Chromium, the browser tests are skipped with one message saying why and how to install it, or, in CI,
 * the run fails before any test runs (test/browser/global-setup.ts, vitest's global set-up).
 */

import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import type { TestProject } from 'vitest/node'

/** The set-up as a run without Chromium loads it, with `CI` as given. */
async function setUpWithout(ci: string | undefined) {
  vi.stubEnv('UNDERSTUDY_CHROMIUM', '/nonexistent/chromium')
  vi.stubEnv('CI', ci)
  vi.resetModules()
  const { default: chromiumCheck } = await import('./global-setup.js')
  return (files: string[]) => {
    const project = {
      vitest: { state: { getFiles: () => files.map((filepath) => ({ filepath })) } },
    }
    return chromiumCheck(project as unknown as TestProject)
  }
}

const INSTALL =
  'Install it with `sudo apt-get install chromium`, or set UNDERSTUDY_CHROMIUM to a Chromium binary.'

describe('a run without Chromium', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })
  // The suite's files share their worker's modules (vitest.config.ts): the next file must not find the
  // modules loaded here with a Chromium that does not exist.
  afterAll(() => vi.resetModules())

  it.each(['true', '1'])('fails at once when CI=%s', async (ci) => {
    const check = await setUpWithout(ci)
    expect(() => check(['/repo/test/browser/inspector.test.ts'])).toThrow(
      `[understudy] CI is set and the browser tests need Chromium, which is not installed at /nonexistent/chromium. ${INSTALL}`,
    )
  })

  it.each([undefined, '', 'false', '0'])(
    'skips them and says why once, after the run, when CI=%s',
    async (ci) => {
      const check = await setUpWithout(ci)
      const written = vi.spyOn(process.stderr, 'write').mockReturnValue(true)
      const teardown = check(['/repo/test/core/ids.test.ts', '/repo/test/har/replay.test.ts'])
      expect(written).not.toHaveBeenCalled()
      teardown?.()
      expect(written.mock.calls).toEqual([
        [
          `\n[understudy] The browser tests (test/browser, test/playwright, test/har/replay) were skipped: Chromium is not installed at /nonexistent/chromium. ${INSTALL}\n`,
        ],
      ])
    },
  )

  it('says nothing when the run had no browser test', async () => {
    const check = await setUpWithout(undefined)
    const written = vi.spyOn(process.stderr, 'write').mockReturnValue(true)
    check(['/repo/test/core/ids.test.ts'])?.()
    expect(written).not.toHaveBeenCalled()
  })
})
