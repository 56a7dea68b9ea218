/**
 * Understudy: an in-memory simulator of a model-routing Presets API (OpenRouter-compatible) and a
 * team-messaging organization API (Zulip-compatible), served as msw request handlers.
 * @module
 */
export type { Scenario, ScenarioDefinition, ScenarioName } from '../scenarios/index.js'
export { defineScenario, scenarios } from '../scenarios/index.js'
export type { Clock, ClockState, TimeInput } from './core/clock.js'
export type { PlainRequest, PlainResponse } from './core/http.js'
export type { FaultEffect } from './faults/faults.js'
export type { LatencySetting } from './faults/latency.js'
export type { PathTest } from './faults/schema.js'
export type {
  FetchFunction,
  SimulatorFetchApi,
  SimulatorFetchOptions,
} from './fetch/simulator-fetch.js'
export type { JournalFault } from './journal/entry.js'
export type { Har, HarEntry, HarOptions } from './journal/har.js'
export type { WaitForOptions } from './journal/wait.js'
export type { MessagingDiscovery, MessagingOptions } from './messaging/definition.js'
export type {
  MessagingMessageView,
  MessagingOrganizationView,
  MessagingService,
  MessagingUserView,
} from './messaging/service.js'
export type {
  FaultDefinition,
  FaultMatch,
  InjectedFault,
} from './operations/faults.js'
export type {
  MessagingOperationId,
  OperationId,
  OperationIdOf,
  RouterOperationId,
} from './operations/ids.js'
export type { JournalFilter } from './operations/journal.js'
export type {
  InferenceOperationId,
  JournalEntry,
  JournalInference,
  JsonValue,
  MessagingErrorBody,
  MessagingMessage,
  MessagingUser,
  OperationExchanges,
  RouterErrorBody,
  RouterPreset,
  RouterPresetVersion,
  RouterPresetWithVersion,
  ServiceJournalEntry,
} from './operations/journal-entries.js'
export type { RouterDiscovery, RouterOptions } from './router/definition.js'
export type { RouterService } from './router/service.js'
export {
  createSimulator,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MESSAGING_BASE_URL,
  DEFAULT_ROUTER_BASE_URL,
  type Discovery,
  type ServiceName,
  type ServiceRoute,
  type Simulator,
  type SimulatorCore,
  type SimulatorOptions,
} from './simulator.js'
export type { Snapshot } from './snapshot/schema.js'
