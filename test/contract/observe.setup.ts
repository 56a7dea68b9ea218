/**
 * Vitest setup file (vitest.config.ts): every simulator any test creates is watched through its public journal
 * (`observe.ts`), and after each test its answers (and the requests it accepted) are checked against the
 * service's published description. A test whose exchanges break the description, beyond the known exceptions
 * (`exceptions.ts`), fails with the list. No code of the package knows about it: the core's constructor is
 * wrapped here, in the test process only.
 */
import { afterAll, afterEach, expect, vi } from 'vitest'
import { drain, takeFailures, writeStats } from './observe.js'

vi.mock(import('../../src/simulator/simulator-core.js'), async (importOriginal) => {
  const original = await importOriginal()
  const { observe } = await import('./observe.js')
  const create = original.createSimulatorCore
  if (typeof create !== 'function') {
    throw new Error(
      'test/contract/observe.setup.ts: src/simulator/simulator-core.ts no longer exports createSimulatorCore',
    )
  }
  return {
    ...original,
    createSimulatorCore: ((...args: Parameters<typeof create>) =>
      observe(create(...args))) as typeof create,
  }
})

afterEach(async () => {
  await drain()
  const failures = takeFailures()
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} answer(s) or accepted request(s) break the published description ` +
        `(test/contract/exceptions.ts lists the known differences):\n${[...new Set(failures)].slice(0, 20).join('\n')}`,
    )
  }
})

afterAll(async () => {
  await drain()
  writeStats(expect.getState().testPath ?? 'unknown')
})
