/**
 * The server's edge of a state file (`startServer({ stateFile })`): a write to a simulated service is let
 * through only when the file can keep it. The edge asks the keeper before the simulator sees the request,
 * so the simulator's core knows nothing of files; a refusal is answered in the service's own error shape:
 *
 * - **400** when the file is full (`stateFileMaxBytes`, 64 MiB by default): the write could take the
 *   state past what the file holds. A reset, or a smaller snapshot restored, makes room.
 * - **503** with `Retry-After` while saves fail (a full disk, a folder gone or read-only): the write would
 *   be lost at the next stop. Writes are accepted again once a save succeeds.
 *
 * Then a write is answered only once the file holds it (`awaitDurable`): a write the server acknowledged
 * survives a crash, `kill -9` included. Writes waiting together share one save.
 *
 * A write is any request to a service but GET, HEAD and OPTIONS. Reads, and the control surface (whose
 * writes are counted, not refused: a reset is the way to make room), are never refused.
 * @module
 */
import type { PlainResponse } from '../../engine/core/http.js'
import type { Service } from '../../engine/core/service.js'
import type { ServiceName, SimulatorCore } from '../../simulator/simulator-core.js'
import type { StateFileKeeper } from '../../simulator/snapshot/state-file.js'
import { controlError } from './answers.js'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether a request with this method may change a service's state. */
export const isWrite = (method: string) => !READS.has(method)

/**
 * The refusal of a write to `service` with a body of `bodyBytes`, in the service's shape, or `undefined`
 * when the state file can keep it (it is then counted against the file's bound).
 */
export async function refuseWrite(
  keeper: StateFileKeeper,
  simulator: SimulatorCore,
  service: ServiceName,
  bodyBytes: number,
): Promise<PlainResponse | undefined> {
  const refusal = await keeper.admit(bodyBytes)
  if (refusal === undefined) return undefined
  const instance = simulator[service] as unknown as Service
  return refusal.kind === 'full'
    ? instance.faultResponse(400, { message: refusal.message, tenant: null })
    : instance.faultResponse(503, {
        message: refusal.message,
        retryAfter: refusal.retryAfter,
        tenant: null,
      })
}

/** Why a write that was carried out cannot be acknowledged: the state file could not save it. */
const UNSAVED =
  'The simulator carried out this write but could not save its state file; it is kept in memory and saved by the next save that succeeds, or lost if the server stops before then.'

/**
 * Waits until the state file holds what a write changed (`durable`), so that the write is answered only
 * once a crash cannot lose it: `undefined` then, or, when the save failed, 503 with `Retry-After` in the
 * service's shape (or the control surface's, for `service` `undefined`) in place of the write's answer.
 */
export async function awaitDurable(
  keeper: StateFileKeeper,
  simulator: SimulatorCore,
  service: ServiceName | undefined,
): Promise<PlainResponse | undefined> {
  if (await keeper.durable()) return undefined
  const { lastError } = keeper.status()
  const message = `${UNSAVED} (${lastError ?? 'unknown error'})`
  if (service === undefined) return controlError(503, message)
  const instance = simulator[service] as unknown as Service
  return instance.faultResponse(503, { message, retryAfter: 1, tenant: null })
}
