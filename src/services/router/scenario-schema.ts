/**
 * The router (presets) part of a scenario: workspaces, their API keys and any presets they start with.
 * @module
 */

import {
  compileLinearPattern,
  linearPatternsReady,
  MAX_PATTERN_LENGTH,
} from '../../engine/core/linear-pattern.js'
import { plainCopy } from '../../engine/core/plain-copy.js'
import * as z from '../../engine/core/zod.js'
import { AVAILABILITY_CODES, type AvailabilityCode } from './availability.js'
import { routerModelsSchema } from './scenario-schema-models.js'

const isoTime = z.iso.datetime({ offset: true })

/** An API key of a workspace. */
const routerKeySchema = z.strictObject({
  /** The secret sent as `Authorization: Bearer <key>`. */
  key: z.string().check(z.minLength(1)),
  /** A label for people (docs/router.md's credentials table, discovery, the inspector). */
  label: z.string().check(z.minLength(1)),
  /** `inference` keys call the API; `management` keys manage the account. */
  kind: z.enum(['inference', 'management']),
  /** A disabled key is refused with 401 `User not found.` */
  disabled: z._default(z.boolean(), false),
  /** The user who owns the key: becomes `creator_user_id` / `creator_id` of what it creates. */
  userId: z.string().check(z.minLength(1)),
})

/** A preset version the scenario starts with. */
const routerSeedVersionSchema = z.strictObject({
  /** Copied as it is read: the simulator keeps its own, so the caller's objects may change afterwards. */
  config: z._default(
    z.pipe(
      z.record(z.string(), z.unknown()),
      z.transform((value: Record<string, unknown>) => plainCopy(value)),
    ),
    {},
  ),
  systemPrompt: z._default(z.nullable(z.string()), null),
  createdAt: z.optional(isoTime),
})

/** A preset the scenario starts with. */
const routerSeedPresetSchema = z.strictObject({
  slug: z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9._~-]{1,128}$/, 'must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~'),
    ),
  name: z.optional(z.string()),
  description: z._default(z.nullable(z.string()), null),
  status: z._default(z.enum(['active', 'disabled', 'archived']), 'active'),
  /** The user who created it; defaults to the workspace's first key's owner. */
  creatorUserId: z.optional(z.string()),
  versions: z.array(routerSeedVersionSchema).check(z.minLength(1)),
  createdAt: z.optional(isoTime),
})

/** A workspace: presets belong to one, and each key lives in one. */
const routerWorkspaceSchema = z.strictObject({
  id: z.uuid(),
  name: z.string().check(z.minLength(1)),
  /** `any-key` (default): every active key may write presets; `management-only`: only management keys. */
  presetWrites: z._default(z.enum(['any-key', 'management-only']), 'any-key'),
  keys: z.array(routerKeySchema),
  presets: z._default(z.array(routerSeedPresetSchema), []),
})

/**
 * A pattern in RE2 syntax (re2js: linear time), checked where re2js loads synchronously (Node); in a
 * browser it is checked when first compiled.
 */
const patternSchema = z.strictObject({
  pattern: z.string().check(
    z.maxLength(MAX_PATTERN_LENGTH),
    z.superRefine((source, context) => {
      if (!linearPatternsReady()) return
      const compiled = compileLinearPattern(source)
      if ('problem' in compiled) context.addIssue({ code: 'custom', message: compiled.problem })
    }),
  ),
})

/** Text to match: a substring (a string), or a pattern `{ pattern }` (RE2 syntax). */
const textMatchSchema = z.union([z.string(), patternSchema])

/** Which requests a script answers: every condition given must hold (none: every request). */
const scriptMatchSchema = z.strictObject({
  /** The preset's slug the request uses. */
  preset: z.optional(z.string().check(z.minLength(1))),
  /** The model that answers (after the preset is applied): the exact slug, or a pattern. */
  model: z.optional(textMatchSchema),
  /** The last user message's text: contains the string, or matches the pattern. */
  userMessage: z.optional(textMatchSchema),
  /** Whether the last message is a tool result. */
  hasToolResult: z.optional(z.boolean()),
  /** The endpoint: `chat` (`/chat/completions`), `messages` or `responses`. */
  endpoint: z.optional(z.enum(['chat', 'messages', 'responses'])),
})

/** A tool call an answer makes: the function's name and its arguments (an object, or JSON text). */
const toolCallSchema = z.strictObject({
  name: z.string().check(z.minLength(1)),
  arguments: z._default(z.union([z.string(), z.record(z.string(), z.unknown())]), {}),
  id: z.optional(z.string().check(z.minLength(1))),
})

const count = z.number().check(z.int(), z.gte(0))

/** One answer of a script: text (a string), or an object with one kind of answer and its options. */
const scriptResponseObjectSchema = z
  .strictObject({
    /** Text of the answer (with `toolCalls`: text before the calls; with `error`: text streamed before it). */
    content: z.optional(z.string()),
    toolCalls: z.optional(z.array(toolCallSchema).check(z.minLength(1), z.maxLength(128))),
    refusal: z.optional(z.string()),
    /** An error answer, with `status`: before the stream, or inside it after `afterChunks` chunks. */
    error: z.optional(
      z.strictObject({
        message: z.optional(z.string()),
        /** A model-availability error: its code (the status defaults to the code's). */
        availability: z.optional(
          z.enum(AVAILABILITY_CODES as [AvailabilityCode, ...AvailabilityCode[]]),
        ),
      }),
    ),
    status: z.optional(z.number().check(z.int(), z.gte(400), z.lte(599))),
    afterChunks: z.optional(count),
    /** The finish reason (chat) or stop reason (messages) instead of the natural one. */
    finishReason: z.optional(z.string().check(z.minLength(1))),
    model: z.optional(z.string().check(z.minLength(1))),
    provider: z.optional(z.string().check(z.minLength(1))),
    systemFingerprint: z.optional(z.string()),
    usage: z.optional(
      z.strictObject({
        promptTokens: z.optional(count),
        completionTokens: z.optional(count),
        cost: z.optional(z.number().check(z.gte(0))),
      }),
    ),
    /** Streaming: characters per chunk, and delays in milliseconds. */
    chunkSize: z.optional(z.number().check(z.int(), z.gte(1))),
    chunkDelayMs: z.optional(z.number().check(z.gte(0), z.lte(60_000))),
    initialDelayMs: z.optional(z.number().check(z.gte(0), z.lte(60_000))),
  })
  .check(
    z.superRefine((value, context) => {
      const kinds = ['toolCalls', 'refusal', 'error'].filter(
        (key) => value[key as keyof typeof value] !== undefined,
      )
      if (kinds.length > 1)
        context.addIssue({
          code: 'custom',
          message: `give one of ${kinds.join(', ')}, not several`,
        })
      if (value.refusal !== undefined && value.content !== undefined)
        context.addIssue({ code: 'custom', message: 'give content or refusal, not both' })
      if ((value.status !== undefined || value.afterChunks !== undefined) && !value.error)
        context.addIssue({ code: 'custom', message: 'status and afterChunks go with error' })
    }),
  )

const scriptResponseSchema = z.union([z.string(), scriptResponseObjectSchema])

/**
 * A scripted answer (docs/router-inference.md, Scripts): the requests it matches, and its answer or
 * successive answers (the last repeats once they are used up).
 */
export const routerScriptSchema = z.strictObject({
  name: z.optional(z.string().check(z.minLength(1))),
  match: z._default(scriptMatchSchema, {}),
  response: z.union([scriptResponseSchema, z.array(scriptResponseSchema).check(z.minLength(1))]),
})

/**
 * A script given in process (`simulator.router.script(...)`): as in a scenario, and a `model` or
 * `userMessage` may also be a JavaScript `RegExp`, run as given (the caller's own code, as fault paths).
 */
const textMatchInProcessSchema = z.union([textMatchSchema, z.instanceof(RegExp)])
export const routerScriptInProcessSchema = z.extend(routerScriptSchema, {
  match: z._default(
    z.extend(scriptMatchSchema, {
      model: z.optional(textMatchInProcessSchema),
      userMessage: z.optional(textMatchInProcessSchema),
    }),
    {},
  ),
})

export type RouterScript = z.output<typeof routerScriptInProcessSchema>
/** A script as `simulator.router.script(...)` takes it. */
export type RouterScriptInput = z.input<typeof routerScriptInProcessSchema>
export type RouterScriptResponse = z.output<typeof scriptResponseSchema>
/** A text condition: a substring, a pattern `{ pattern }` (RE2), or (in process) a `RegExp`. */
export type TextMatch = z.output<typeof textMatchInProcessSchema>

export const routerScenarioSchema = z.strictObject({
  workspaces: z.array(routerWorkspaceSchema),
  /** Scripted answers to inference requests, tried in order after the ones a test adds. */
  scripts: z._default(z.array(routerScriptSchema), []),
  /**
   * Models added to the catalog (OpenRouter's public list): a request naming a model in neither is 400
   * `<id> is not a valid model ID`, as on the real service.
   */
  models: routerModelsSchema,
})

export type RouterScenario = z.output<typeof routerScenarioSchema>
export type RouterScenarioInput = z.input<typeof routerScenarioSchema>
