/**
 * `verify --har` on a recording whose inference names models the default catalog lacks (newer than its
 * snapshot of OpenRouter's list): the real service answered them, so the set-up adds them to the scenario's
 * `router.models` and the replay is answered as recorded, not refused with 400 `not a valid model ID`.
 */
import { describe, expect, it } from 'vitest'
import { createSimulator, scenarios } from '../../src/entries/index.js'
import { verifyHar } from '../../src/surfaces/verify/index.js'
import { keys } from '../support/credentials.js'

const NEWER = 'anthropic/claude-haiku-5.5'

describe('models a recording answers that the catalog lacks', () => {
  it('are added to the set-up, and the replay verifies clean', async () => {
    // A stand-in for the real service of 2026-10: the newer model in its list (here: a scenario model).
    const real = createSimulator({
      seed: 'recorded',
      now: '2026-10-08T10:00:00Z',
      scenario: {
        ...scenarios.default,
        router: {
          workspaces: scenarios.default.router?.workspaces ?? [],
          models: [{ id: NEWER }],
        },
      },
    })
    const headers = {
      authorization: `Bearer ${keys.inference}`,
      'content-type': 'application/json',
    }
    const post = (body: unknown) =>
      real.fetch('https://openrouter.ai/api/v1/chat/completions', {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      })
    expect((await post({ model: NEWER, messages: [{ role: 'user', content: 'Hi' }] })).status).toBe(
      200,
    )
    const report = await verifyHar(real.journal.toHAR())
    expect(report.compared).toBe(1)
    expect(report.differences).toEqual([])
  })
})
