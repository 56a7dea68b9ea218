/**
 * A preset's config is the simulator's own once stored: changing the objects a test handed in (a scenario's, a
 * snapshot's) or took out (`router.presets()`) afterwards changes no answer.
 */
import { describe, expect, it } from 'vitest'
import defaultScenario from '../../scenarios/default/index.js'
import { defaultWorkspace } from '../../scenarios/default/router.js'
import { createSimulator } from '../../src/entries/index.js'

const KEY = 'Bearer sk-or-v1-understudy-default-inference'
const config = () => ({ model: 'openai/gpt-4o', provider: { order: ['openai'] }, stop: ['END'] })

function scenarioWith(presetConfig: Record<string, unknown>) {
  return {
    ...defaultScenario,
    name: 'config-copies',
    router: {
      workspaces: [
        { ...defaultWorkspace, presets: [{ slug: 'kept', versions: [{ config: presetConfig }] }] },
      ],
    },
  }
}

/** The stored config as `GET /presets/kept` answers it. */
async function storedConfig(simulator: ReturnType<typeof createSimulator>) {
  const answer = await simulator.fetch('https://openrouter.ai/api/v1/presets/kept', {
    headers: { authorization: KEY },
  })
  expect(answer.status).toBe(200)
  const body = (await answer.json()) as { data: { designated_version: { config: unknown } } }
  return body.data.designated_version.config
}

describe("a preset's stored config", () => {
  it("does not follow later changes to the scenario's objects", async () => {
    const handedIn = config()
    const simulator = createSimulator({ scenario: scenarioWith(handedIn) })
    await simulator.ready
    handedIn.provider.order.push('anthropic')
    handedIn.stop.length = 0
    expect(await storedConfig(simulator)).toEqual(config())
  })

  it('does not follow changes to what router.presets() listed', async () => {
    const simulator = createSimulator({ scenario: scenarioWith(config()) })
    await simulator.ready
    const [listed] = simulator.router.presets(defaultWorkspace.id)
    const taken = listed?.versions[0]?.config as ReturnType<typeof config>
    taken.provider.order.push('anthropic')
    taken.model = 'changed'
    expect(await storedConfig(simulator)).toEqual(config())
    expect(simulator.router.presets(defaultWorkspace.id)[0]?.versions[0]?.config).toEqual(config())
  })

  it("does not follow later changes to a restored snapshot's objects", async () => {
    const simulator = createSimulator({ scenario: scenarioWith(config()) })
    await simulator.ready
    const snapshot = simulator.snapshot()
    const other = createSimulator()
    await other.restore(snapshot)
    const version = snapshot.services.router.versions.find(
      (v) => v.config.model === 'openai/gpt-4o',
    )
    if (version === undefined) throw new Error('the snapshot holds no version of kept')
    ;(version.config.provider as { order: string[] }).order.push('anthropic')
    expect(await storedConfig(other)).toEqual(config())
  })
})
