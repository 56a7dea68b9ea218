/**
 * The clock, latency and seed forms: advance or set the clock, set the latency (a number or a range) and
 * the seed new ids come from.
 * @module
 */
import { call } from './control.js'
import { form, input, select } from './dom.js'
import { act } from './poll.js'

const clockAt = (a: { now: string }) => `Clock at ${a.now}`

export function setUpSettings(): void {
  form('clock-advance').addEventListener('submit', (event) => {
    event.preventDefault()
    const ms = Math.round(
      Number(input('advance-amount').value) * Number(select('advance-unit').value),
    )
    act(() => call<{ now: string }>('POST', '/clock', { advanceMs: ms }), clockAt)
  })
  for (const quick of document.querySelectorAll<HTMLButtonElement>('[data-advance]'))
    quick.addEventListener('click', () =>
      act(
        () => call<{ now: string }>('POST', '/clock', { advanceMs: Number(quick.dataset.advance) }),
        clockAt,
      ),
    )
  form('clock-set').addEventListener('submit', (event) => {
    event.preventDefault()
    act(
      () => call<{ now: string }>('POST', '/clock', { set: input('clock-set-value').value.trim() }),
      clockAt,
    )
  })
  form('latency-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const text = input('latency-value').value.trim()
    const range = /^([0-9.]+)\s*[-–]\s*([0-9.]+)$/.exec(text)
    const latency = range
      ? { min: Number(range[1]), max: Number(range[2]) }
      : Number(text === '' ? Number.NaN : text)
    act(
      () => call('PUT', '/latency', { latency }),
      () => 'Latency set',
    )
  })
  form('seed-form').addEventListener('submit', (event) => {
    event.preventDefault()
    act(
      () => call<{ seed: string }>('PUT', '/seed', { seed: input('seed-value').value }),
      (a) => `Seed ${a.seed}`,
    )
  })
}
