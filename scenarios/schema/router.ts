/**
 * The router (presets) part of a scenario: workspaces, their API keys and any presets they start with.
 * @module
 */
import * as z from 'zod'
import {
  compileLinearPattern,
  linearPatternsReady,
  MAX_PATTERN_LENGTH,
} from '../../src/core/linear-pattern.js'

const isoTime = z.iso.datetime({ offset: true })

/** An API key of a workspace. */
const routerKeySchema = z.strictObject({
  /** The secret sent as `Authorization: Bearer <key>`. */
  key: z.string().min(1),
  /** A label for people (docs/router.md's credentials table, discovery, the inspector). */
  label: z.string().min(1),
  /** `inference` keys call the API; `management` keys manage the account. */
  kind: z.enum(['inference', 'management']),
  /** A disabled key is refused with 401 `User not found.` */
  disabled: z.boolean().default(false),
  /** The user who owns the key: becomes `creator_user_id` / `creator_id` of what it creates. */
  userId: z.string().min(1),
})

/** A preset version the scenario starts with. */
const routerSeedVersionSchema = z.strictObject({
  config: z.record(z.string(), z.unknown()).default({}),
  systemPrompt: z.string().nullable().default(null),
  createdAt: isoTime.optional(),
})

/** A preset the scenario starts with. */
const routerSeedPresetSchema = z.strictObject({
  slug: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{1,128}$/, 'must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~'),
  name: z.string().optional(),
  description: z.string().nullable().default(null),
  status: z.enum(['active', 'disabled', 'archived']).default('active'),
  /** The user who created it; defaults to the workspace's first key's owner. */
  creatorUserId: z.string().optional(),
  versions: z.array(routerSeedVersionSchema).min(1),
  createdAt: isoTime.optional(),
})

/** A workspace: presets belong to one, and each key lives in one. */
const routerWorkspaceSchema = z.strictObject({
  id: z.uuid(),
  name: z.string().min(1),
  /** `any-key` (default): every active key may write presets; `management-only`: only management keys. */
  presetWrites: z.enum(['any-key', 'management-only']).default('any-key'),
  keys: z.array(routerKeySchema),
  presets: z.array(routerSeedPresetSchema).default([]),
})

/**
 * A pattern in RE2 syntax (re2js: linear time), checked where re2js loads synchronously (Node); in a
 * browser it is checked when first compiled.
 */
const patternSchema = z.strictObject({
  pattern: z
    .string()
    .max(MAX_PATTERN_LENGTH)
    .superRefine((source, context) => {
      if (!linearPatternsReady()) return
      const compiled = compileLinearPattern(source)
      if ('problem' in compiled) context.addIssue({ code: 'custom', message: compiled.problem })
    }),
})

/** Text to match: a substring (a string), or a pattern `{ pattern }` (RE2 syntax). */
const textMatchSchema = z.union([z.string(), patternSchema])

/** Which requests a script answers: every condition given must hold (none: every request). */
const scriptMatchSchema = z.strictObject({
  /** The preset's slug the request uses. */
  preset: z.string().min(1).optional(),
  /** The model that answers (after the preset is applied): the exact slug, or a pattern. */
  model: textMatchSchema.optional(),
  /** The last user message's text: contains the string, or matches the pattern. */
  userMessage: textMatchSchema.optional(),
  /** Whether the last message is a tool result. */
  hasToolResult: z.boolean().optional(),
  /** The endpoint: `chat` (`/chat/completions`), `messages` or `responses`. */
  endpoint: z.enum(['chat', 'messages', 'responses']).optional(),
})

/** A tool call an answer makes: the function's name and its arguments (an object, or JSON text). */
const toolCallSchema = z.strictObject({
  name: z.string().min(1),
  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).default({}),
  id: z.string().min(1).optional(),
})

const count = z.number().int().min(0)

/** One answer of a script: text (a string), or an object with one kind of answer and its options. */
const scriptResponseObjectSchema = z
  .strictObject({
    /** Text of the answer (with `toolCalls`: text before the calls; with `error`: text streamed before it). */
    content: z.string().optional(),
    toolCalls: z.array(toolCallSchema).min(1).max(128).optional(),
    refusal: z.string().optional(),
    /** An error answer, with `status`: before the stream, or inside it after `afterChunks` chunks. */
    error: z.strictObject({ message: z.string().optional() }).optional(),
    status: z.number().int().min(400).max(599).optional(),
    afterChunks: count.optional(),
    /** The finish reason (chat) or stop reason (messages) instead of the natural one. */
    finishReason: z.string().min(1).optional(),
    model: z.string().min(1).optional(),
    provider: z.string().min(1).optional(),
    systemFingerprint: z.string().optional(),
    usage: z
      .strictObject({
        promptTokens: count.optional(),
        completionTokens: count.optional(),
        cost: z.number().min(0).optional(),
      })
      .optional(),
    /** Streaming: characters per chunk, and delays in milliseconds. */
    chunkSize: z.number().int().min(1).optional(),
    chunkDelayMs: z.number().min(0).max(60_000).optional(),
    initialDelayMs: z.number().min(0).max(60_000).optional(),
  })
  .superRefine((value, context) => {
    const kinds = ['toolCalls', 'refusal', 'error'].filter(
      (key) => value[key as keyof typeof value] !== undefined,
    )
    if (kinds.length > 1)
      context.addIssue({ code: 'custom', message: `give one of ${kinds.join(', ')}, not several` })
    if (value.refusal !== undefined && value.content !== undefined)
      context.addIssue({ code: 'custom', message: 'give content or refusal, not both' })
    if ((value.status !== undefined || value.afterChunks !== undefined) && !value.error)
      context.addIssue({ code: 'custom', message: 'status and afterChunks go with error' })
  })

const scriptResponseSchema = z.union([z.string(), scriptResponseObjectSchema])

/**
 * A scripted answer (docs/router-inference.md, Scripts): the requests it matches, and its answer or
 * successive answers (the last repeats once they are used up).
 */
export const routerScriptSchema = z.strictObject({
  name: z.string().min(1).optional(),
  match: scriptMatchSchema.default({}),
  response: z.union([scriptResponseSchema, z.array(scriptResponseSchema).min(1)]),
})

/**
 * A script given in process (`simulator.router.script(...)`): as in a scenario, and a `model` or
 * `userMessage` may also be a JavaScript `RegExp`, run as given (the caller's own code, as fault paths).
 */
const textMatchInProcessSchema = z.union([textMatchSchema, z.instanceof(RegExp)])
export const routerScriptInProcessSchema = routerScriptSchema.extend({
  match: scriptMatchSchema
    .extend({
      model: textMatchInProcessSchema.optional(),
      userMessage: textMatchInProcessSchema.optional(),
    })
    .default({}),
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
  scripts: z.array(routerScriptSchema).default([]),
})

export type RouterScenario = z.output<typeof routerScenarioSchema>
export type RouterScenarioInput = z.input<typeof routerScenarioSchema>
