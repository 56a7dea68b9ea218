/**
 * Type tests of `understudy-mock/verify`: `verifyHar` takes a HAR (text or parsed) and options, and resolves to
 * the report; the live mode's plan and result. Checked by `tsc`; not run.
 */
import { describe, expectTypeOf, it } from 'vitest'
import type { Har } from '../../src/entries/index.js'
import {
  type Difference,
  type DifferenceKind,
  formatReport,
  type LiveOptions,
  type LivePlan,
  type LiveResult,
  livePlan,
  runLive,
  type SkippedExchange,
  type VerifyInputError,
  type VerifyOptions,
  type VerifyReport,
  verifyHar,
} from '../../src/surfaces/verify/index.js'

declare const har: Har

describe('verifyHar', () => {
  it('takes a HAR as text or as a document, and options; resolves to the report', () => {
    expectTypeOf(verifyHar).parameters.toEqualTypeOf<[har: unknown, options?: VerifyOptions]>()
    expectTypeOf(verifyHar(har)).toEqualTypeOf<Promise<VerifyReport>>()
    expectTypeOf(verifyHar('{"log":{"entries":[]}}', { featureLevel: 185 })).toEqualTypeOf<
      Promise<VerifyReport>
    >()
    // @ts-expect-error: the feature level is a number
    verifyHar(har, { featureLevel: '185' })
    // @ts-expect-error: not a service
    verifyHar(har, { service: 'chat' })
  })

  it('the report: differences, compared, skipped, and the set-up', () => {
    expectTypeOf<VerifyReport['differences']>().toEqualTypeOf<Difference[]>()
    expectTypeOf<VerifyReport['compared']>().toEqualTypeOf<number>()
    expectTypeOf<VerifyReport['skipped']>().toEqualTypeOf<SkippedExchange[]>()
    expectTypeOf<Difference['kind']>().toEqualTypeOf<DifferenceKind>()
    expectTypeOf<DifferenceKind>().toEqualTypeOf<
      | 'status'
      | 'missing'
      | 'extra'
      | 'value'
      | 'order'
      | 'header'
      | 'body'
      | 'identity'
      | 'type'
      | 'stream'
    >()
    expectTypeOf<Pick<Difference, 'exchange' | 'method' | 'url' | 'path'>>().toEqualTypeOf<{
      exchange: number
      method: string
      url: string
      path: string
    }>()
    expectTypeOf(formatReport).toEqualTypeOf<(report: VerifyReport) => string>()
    expectTypeOf<VerifyInputError>().toExtend<Error>()
  })
})

describe('the live mode', () => {
  it('plans, then runs', () => {
    expectTypeOf(livePlan).toEqualTypeOf<(options: LiveOptions) => LivePlan>()
    expectTypeOf(runLive).toEqualTypeOf<
      (options: LiveOptions, plan: LivePlan) => Promise<LiveResult>
    >()
    expectTypeOf<LiveOptions['service']>().toEqualTypeOf<'router' | 'messaging'>()
    expectTypeOf<LiveResult['report']>().toEqualTypeOf<VerifyReport>()
  })
})
