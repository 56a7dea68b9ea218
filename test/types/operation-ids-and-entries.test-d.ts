/**
 * Type tests of operation ids and typed journal entries: ids are string-literal unions per service (one
 * source: the services' operation lists), a filter or fault naming a service narrows `operation` to its
 * ids, a typo is a compile error, and a filter naming an operation gives entries whose body and response
 * are that operation's. Also `journal.toHAR`. Checked by `tsc`; not run.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Har, HarOptions } from '../../src/engine/journal/har.js'
import type {
  InferenceOperationId,
  JournalEntry,
  JournalFilter,
  JournalInference,
  JsonValue,
  MessagingErrorBody,
  MessagingOperationId,
  MessagingUser,
  OperationId,
  RouterErrorBody,
  RouterOperationId,
  RouterPresetWithVersion,
  ServiceJournalEntry,
  Simulator,
} from '../../src/entries/index.js'
import '../../src/entries/vitest/index.js'

declare const simulator: Simulator
declare const filter: JournalFilter

describe('operation ids', () => {
  it('are string-literal unions per service', () => {
    expectTypeOf<RouterOperationId>().toEqualTypeOf<
      | 'createPresetsChatCompletions'
      | 'createPresetsMessages'
      | 'createPresetsResponses'
      | 'listPresets'
      | 'getPreset'
      | 'listPresetVersions'
      | 'getPresetVersion'
      | 'sendChatCompletionRequest'
      | 'createMessages'
      | 'createResponses'
      | 'getModels'
    >()
    expectTypeOf<MessagingOperationId>().toEqualTypeOf<
      | 'get-users'
      | 'create-user'
      | 'get-own-user'
      | 'deactivate-own-user'
      | 'get-user'
      | 'update-user'
      | 'deactivate-user'
      | 'get-user-by-email'
      | 'update-user-by-email'
      | 'get-message'
      | 'update-message'
      | 'delete-message'
      | 'test-welcome-bot-custom-message'
      | 'get-server-settings'
    >()
    expectTypeOf<OperationId>().toEqualTypeOf<RouterOperationId | MessagingOperationId>()
  })

  it('refuse a typo in faults, narrowed to the service given', () => {
    simulator.faults.inject({ operation: 'create-user', status: 503 })
    simulator.faults.inject({ service: 'router', operation: 'getPreset', network: 'reset' })
    simulator.faults.inject({ service: 'messaging', operation: 'create-user', delayMs: 10 })
    // @ts-expect-error: a typo (createPresetsChatCompletions)
    simulator.faults.inject({ operation: 'createPreset', status: 503 })
    // @ts-expect-error: an operation of the other service
    simulator.faults.inject({ service: 'router', operation: 'create-user', status: 503 })
    // @ts-expect-error: an operation of the other service
    simulator.faults.inject({ service: 'messaging', operation: 'getPreset', status: 503 })
  })

  it('refuse a typo in journal filters and the matchers', () => {
    simulator.journal.count({ operation: 'listPresets' })
    simulator.journal.count({ service: 'messaging', operation: 'get-users', status: 200 })
    // @ts-expect-error: a typo
    simulator.journal.entries({ operation: 'createPreset' })
    // @ts-expect-error: a typo
    simulator.journal.count({ service: 'router', operation: 'createPreset' })
    // @ts-expect-error: an operation of the other service
    simulator.journal.last({ service: 'messaging', operation: 'getPreset' })
    // @ts-expect-error: no such service
    simulator.journal.entries({ service: 'billing' })
    // @ts-expect-error: a typo
    void simulator.journal.waitFor({ operation: 'create_user' })
    expect(simulator).toHaveReceived({ service: 'router', operation: 'getPreset' })
    // @ts-expect-error: a typo
    expect(simulator).toHaveReceived({ operation: 'createPreset' })
    // @ts-expect-error: an operation of the other service
    expect(simulator).toHaveReceivedTimes(1, { service: 'router', operation: 'get-users' })
    // A filter of the general type gives entries of any kind.
    expectTypeOf(simulator.journal.entries(filter)).toEqualTypeOf<JournalEntry[]>()
    const stored: JournalFilter = { service: 'router', operation: 'listPresets' }
    // (narrowed on assignment to the router's member of the union)
    expectTypeOf(simulator.journal.entries(stored)).toEqualTypeOf<ServiceJournalEntry<'router'>[]>()
  })
})

describe('typed journal entries', () => {
  it('a filter naming an operation gives its entries: body and response typed, no cast', () => {
    const entry = simulator.journal.last({ service: 'router', operation: 'getPreset' })
    expectTypeOf(entry).toEqualTypeOf<JournalEntry<'getPreset'> | undefined>()
    if (!entry) return
    expectTypeOf(entry.service).toEqualTypeOf<'router'>()
    expectTypeOf(entry.operation).toEqualTypeOf<'getPreset'>()
    if (!entry.responseTruncated) {
      expectTypeOf(entry.response).toEqualTypeOf<
        { data: RouterPresetWithVersion } | RouterErrorBody | null
      >()
      if (entry.response && 'data' in entry.response) {
        expectTypeOf(entry.response.data.slug).toEqualTypeOf<string>()
        expectTypeOf(entry.response.data.designated_version?.version).toEqualTypeOf<
          number | undefined
        >()
      }
    } else {
      expectTypeOf(entry.response).toEqualTypeOf<string>()
      expectTypeOf(entry.responseSize).toEqualTypeOf<number>()
    }
    if (!entry.truncated) expectTypeOf(entry.body).toEqualTypeOf<JsonValue>()
    else expectTypeOf(entry.body).toEqualTypeOf<string | null>()
  })

  it('the service is optional when the operation names it', async () => {
    const created = await simulator.journal.waitFor({ operation: 'create-user', status: 200 })
    expectTypeOf(created.service).toEqualTypeOf<'messaging'>()
    if (!created.truncated) {
      expectTypeOf(created.body).toEqualTypeOf<Record<string, string> | null>()
      expectTypeOf(created.body?.full_name).toEqualTypeOf<string | undefined>()
    }
    if (!created.responseTruncated && typeof created.response === 'object' && created.response) {
      if (created.response.result === 'success') {
        expectTypeOf(created.response.user_id).toEqualTypeOf<number | undefined>()
      } else expectTypeOf(created.response).toEqualTypeOf<MessagingErrorBody>()
    }
    const users = simulator.journal.entries({ operation: 'get-users' })
    const response = users[0]?.response
    if (typeof response === 'object' && response?.result === 'success') {
      expectTypeOf(response.members).toEqualTypeOf<MessagingUser[]>()
    }
  })

  it('a filter naming a service gives that service’s entries; none gives any entry', () => {
    const router = simulator.journal.entries({ service: 'router' })
    expectTypeOf(router[0]?.service).toEqualTypeOf<'router' | undefined>()
    expectTypeOf(router[0]?.operation).toEqualTypeOf<RouterOperationId | null | undefined>()
    const any = simulator.journal.entries({ status: 500 })
    expectTypeOf(any).toEqualTypeOf<JournalEntry[]>()
    expectTypeOf<JournalEntry['service']>().toEqualTypeOf<'router' | 'messaging'>()
    expectTypeOf<JournalEntry['operation']>().toEqualTypeOf<OperationId | null>()
    // An entry that matched no operation holds whatever was sent and answered.
    expectTypeOf<JournalEntry<null>['body']>().toEqualTypeOf<unknown>()
    // Narrowing an entry of any kind by its operation.
    const entry = simulator.journal.last()
    if (entry?.operation === 'listPresets' && !entry.responseTruncated) {
      const listed = entry.response
      if (listed && 'data' in listed) expectTypeOf(listed.total_count).toEqualTypeOf<number>()
    }
  })
})

describe('what an inference applied', () => {
  it('is typed on the three inference operations’ entries, and absent from the others', () => {
    expectTypeOf<InferenceOperationId>().toEqualTypeOf<
      'sendChatCompletionRequest' | 'createMessages' | 'createResponses'
    >()
    const chat = simulator.journal.last({ operation: 'sendChatCompletionRequest' })
    expectTypeOf(chat?.inference).toEqualTypeOf<JournalInference | null | undefined>()
    const inference = simulator.journal.entries({ operation: 'createMessages' })[0]?.inference
    if (inference) {
      expectTypeOf(inference.endpoint).toEqualTypeOf<'chat' | 'messages' | 'responses'>()
      expectTypeOf(inference.preset?.version).toEqualTypeOf<number | undefined>()
      expectTypeOf(inference.script?.name).toEqualTypeOf<string | null | undefined>()
      if (!inference.effectiveRequestTruncated) {
        expectTypeOf(inference.effectiveRequest).toEqualTypeOf<Record<string, unknown>>()
      } else expectTypeOf(inference.effectiveRequest).toEqualTypeOf<string>()
    }
    expectTypeOf(
      simulator.journal.last({ operation: 'getPreset' })?.inference,
    ).toEqualTypeOf<undefined>()
  })

  it('is filtered by preset, version, model and scripted', () => {
    simulator.journal.count({ preset: 'x', presetVersion: 3, model: 'a/b', scripted: true })
    simulator.journal.entries({ service: 'router', preset: 'x' })
    // @ts-expect-error: a version is a number
    simulator.journal.count({ presetVersion: '3' })
    // @ts-expect-error: scripted is a boolean
    simulator.journal.count({ scripted: 'yes' })
  })
})

describe('journal.toHAR', () => {
  it('takes a filter and options, and gives a HAR 1.2 document', () => {
    expectTypeOf(simulator.journal.toHAR()).toEqualTypeOf<Har>()
    expectTypeOf(
      simulator.journal.toHAR({ service: 'router' }, { redact: false }),
    ).toEqualTypeOf<Har>()
    expectTypeOf<Har['log']['version']>().toEqualTypeOf<'1.2'>()
    expectTypeOf<HarOptions['redact']>().toEqualTypeOf<boolean | undefined>()
    // @ts-expect-error: a typo
    simulator.journal.toHAR({ operation: 'createPreset' })
    // @ts-expect-error: redact is a boolean
    simulator.journal.toHAR({}, { redact: 'no' })
  })
})
