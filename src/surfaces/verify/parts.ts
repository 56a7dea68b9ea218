/**
 * Each service's part of `verify`, from the registry (`ServiceDefinition.verify`): verify
 * iterates these and names no service.
 * @module
 */
import type { VerifyPart } from '../../engine/core/verify-part.js'
import { type ServiceName, serviceDefinitions } from '../../services/registry.js'

/** A service's name and its part of `verify`. */
interface ServicePart {
  name: ServiceName
  part: VerifyPart
}

/** The parts, in registration order (which part claims an exchange first). */
export type Parts = readonly ServicePart[]

/** Every service's part, in registration order (imported statically: verify is Node-only). */
export function verifyParts(): Parts {
  return serviceDefinitions.map((definition) => ({
    name: definition.name,
    part: definition.verify.get(),
  }))
}

/** The parts in the order of the report's lines and verify's messages (`VerifyPart.reportOrder`). */
export const inReportOrder = (parts: Parts): Parts =>
  [...parts].sort((a, b) => a.part.reportOrder - b.part.reportOrder)

/** A service's part, by name. */
export function partOf(parts: Parts, name: string): VerifyPart {
  const found = parts.find((entry) => entry.name === name)
  if (!found) throw new Error(`[understudy] verify: no service ${name}`)
  return found.part
}
