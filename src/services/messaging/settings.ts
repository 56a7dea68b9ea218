/**
 * The messaging service's settings: the options of its own (`createSimulator({ messaging: { featureLevel } })`)
 * that the standalone server takes at its top level (`startServer({ featureLevel })`) and `understudy-mock serve`
 * as a flag (`--feature-level <n>`), through its registration (`definition.ts`).
 * @module
 */
import type { ServiceSetting } from '../../engine/core/service.js'
import {
  DEFAULT_FEATURE_LEVEL,
  FEATURE_LEVEL_RANGE,
  featureLevelProblem,
} from './feature-levels.js'

/** The messaging service's part of `startServer`'s options. */
export interface MessagingSettings {
  /** The feature level every messaging organization emulates unless its scenario sets one. */
  featureLevel?: number
}

/** Each setting, in the order the CLI's help lists them. */
export const messagingSettings = [
  {
    option: 'featureLevel',
    flag: 'feature-level',
    value: '<n>',
    help: `the messaging feature level every organization emulates, ${FEATURE_LEVEL_RANGE.min} to ${FEATURE_LEVEL_RANGE.max} (default ${DEFAULT_FEATURE_LEVEL})`,
    parse(text) {
      const level = /^[0-9]+$/.test(text) ? Number(text) : text
      const problem = featureLevelProblem(level)
      return problem === undefined ? { value: level } : { problem }
    },
  },
] as const satisfies ReadonlyArray<ServiceSetting & { option: keyof MessagingSettings }>
