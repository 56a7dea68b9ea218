/**
 * Understudy: an in-memory simulator of a model-routing Presets API (OpenRouter-compatible) and a
 * team-messaging organization API (Zulip-compatible), served as msw request handlers.
 * @module
 */
import type { OperationIdOf } from '../simulator/operations/ids.js'

export type { ScenarioName } from '../../scenarios/index.js'
export { scenarios } from '../../scenarios/index.js'
export type { Clock, ClockState, TimeInput } from '../engine/core/clock.js'
export type { PlainRequest, PlainResponse } from '../engine/core/http.js'
export type { FaultEffect } from '../engine/faults/faults.js'
export type { LatencySetting } from '../engine/faults/latency.js'
export type { PathTest } from '../engine/faults/schema.js'
export type { JournalFault, JsonValue } from '../engine/journal/entry.js'
export type { Har, HarEntry, HarOptions } from '../engine/journal/har.js'
export type { WaitForOptions } from '../engine/journal/wait.js'
export type { MessagingDiscovery, MessagingOptions } from '../services/messaging/definition.js'
export { DEFAULT_MESSAGING_BASE_URL } from '../services/messaging/definition.js'
export type {
  MessagingErrorBody,
  MessagingMessage,
  MessagingUser,
} from '../services/messaging/journal-types.js'
export type {
  MessagingMessageView,
  MessagingOrganizationView,
  MessagingService,
  MessagingUserView,
} from '../services/messaging/service.js'
export type { RouterDiscovery, RouterOptions } from '../services/router/definition.js'
export { DEFAULT_ROUTER_BASE_URL } from '../services/router/definition.js'
export type {
  RouterErrorBody,
  RouterPreset,
  RouterPresetVersion,
  RouterPresetWithVersion,
} from '../services/router/journal-types.js'
export type { RouterService } from '../services/router/service.js'
export {
  defineScenario,
  type Scenario,
  type ScenarioDefinition,
} from '../services/scenario.js'
export type {
  FetchFunction,
  SimulatorFetchApi,
  SimulatorFetchOptions,
} from '../simulator/fetch/simulator-fetch.js'
export type {
  FaultDefinition,
  FaultMatch,
  InjectedFault,
} from '../simulator/operations/faults.js'
export type { OperationId, OperationIdOf } from '../simulator/operations/ids.js'
export type { JournalFilter } from '../simulator/operations/journal.js'
export type {
  InferenceOperationId,
  JournalEntry,
  JournalInference,
  OperationExchanges,
  ServiceJournalEntry,
} from '../simulator/operations/journal-entries.js'
export {
  createSimulator,
  DEFAULT_MAX_BODY_BYTES,
  type Discovery,
  type ServiceName,
  type ServiceRoute,
  type Simulator,
  type SimulatorCore,
  type SimulatorOptions,
} from '../simulator/simulator.js'
export type { Snapshot } from '../simulator/snapshot/schema.js'

/** The router's operation ids (the real API's `operationId`s, e.g. `createPresetsChatCompletions`). */
export type RouterOperationId = OperationIdOf<'router'>
/** The messaging service's operation ids (the real API's, e.g. `create-user`). */
export type MessagingOperationId = OperationIdOf<'messaging'>
