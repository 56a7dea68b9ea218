/**
 * The parts a browser page loads on demand (`src/engine/core/on-demand.ts`): what the dispatchers rely on. A part
 * imported statically never makes an operation wait; one imported dynamically loads once, makes the operations
 * wait for it, and is tried again after a failed load. (In a real browser: test/browser/chromium.test.ts.)
 */
import { describe, expect, it } from 'vitest'
import { afterLoading, loadedPart, onDemandPart } from '../../src/engine/core/on-demand.js'

/** A load that settles when the test says. */
function controlledLoad<Module>() {
  const calls: Array<{ resolve(module: Module): void; reject(error: Error): void }> = []
  const load = () =>
    new Promise<Module>((resolve, reject) => {
      calls.push({ resolve, reject })
    })
  return { load, calls }
}

describe('parts loaded on demand', () => {
  it('runs the work at once, synchronously, when its parts are imported statically', () => {
    const part = loadedPart({ answer: 42 })
    expect(part.loading()).toBeUndefined()
    const work = () => part.get().answer
    expect(afterLoading([part], work)).toBe(work)
    expect(afterLoading([part], work)()).toBe(42)
  })

  it('loads a dynamic part once, and runs the work after it', async () => {
    const { load, calls } = controlledLoad<{ answer: number }>()
    const part = onDemandPart('The part', load)
    expect(() => part.get()).toThrow('The part is not loaded yet')
    const first = afterLoading([part], () => part.get().answer)()
    const second = afterLoading([part], () => part.get().answer + 1)()
    expect(calls).toHaveLength(1)
    calls[0]?.resolve({ answer: 42 })
    expect(await Promise.all([first, second])).toEqual([42, 43])
    expect(part.loading()).toBeUndefined()
    expect(afterLoading([part], () => part.get().answer)()).toBe(42)
  })

  it('waits for every part the work needs', async () => {
    const one = controlledLoad<string>()
    const two = controlledLoad<string>()
    const first = onDemandPart('One', one.load)
    const second = onDemandPart('Two', two.load)
    const answer = afterLoading([first, second], () => `${first.get()} ${second.get()}`)()
    two.calls[0]?.resolve('b')
    one.calls[0]?.resolve('a')
    expect(await answer).toBe('a b')
  })

  it('rejects the work when the load fails, and loads again for the next work', async () => {
    const { load, calls } = controlledLoad<string>()
    const part = onDemandPart('The part', load)
    const failed = afterLoading([part], () => part.get())()
    calls[0]?.reject(new Error('The chunk did not load'))
    await expect(failed).rejects.toThrow('The chunk did not load')
    const retried = afterLoading([part], () => part.get())()
    expect(calls).toHaveLength(2)
    calls[1]?.resolve('loaded')
    expect(await retried).toBe('loaded')
  })
})
