/**
 * The documented merge of a preset's version into a request (docs/router-inference.md §1): shallow, the
 * request's fields win, except `tools`, which are combined by identity (a request tool replaces the preset
 * tool with its identity, in the preset tool's place; request-only tools follow the preset's). What is not
 * documented (the system prompt, preset-only keys) is decided in `inferred.ts`.
 * @module
 */
import type { PresetVersionRecord } from '../records.js'
import { type Endpoint, PRESET_ONLY_KEYS, withSystemPrompt } from './inferred.js'
import type { PresetReference } from './reference.js'

/**
 * A tool's identity: `openrouter:advisor` and `openrouter:subagent` (and the `router:` names) by type and
 * `parameters.name`; function tools by function name (`function.name`, or `name` in the responses
 * dialect); every other tool by its type alone (a singleton).
 */
function toolIdentity(tool: unknown): string {
  if (typeof tool !== 'object' || tool === null) return JSON.stringify(tool)
  const { type, function: fn, name, parameters } = tool as Record<string, unknown>
  if (type === 'function') {
    const fnName = typeof fn === 'object' && fn !== null ? (fn as { name?: unknown }).name : name
    return `function\u0000${String(fnName)}`
  }
  if (typeof type === 'string' && (type.endsWith(':advisor') || type.endsWith(':subagent'))) {
    const instance =
      typeof parameters === 'object' && parameters !== null
        ? (parameters as { name?: unknown }).name
        : undefined
    return `${type}\u0000${String(instance)}`
  }
  return `type\u0000${String(type)}`
}

/** The preset's tools, each replaced by the request's tool of the same identity, then the request's others. */
function mergeTools(preset: readonly unknown[], request: readonly unknown[]): unknown[] {
  const fromRequest = new Map<string, unknown>()
  for (const tool of request) fromRequest.set(toolIdentity(tool), tool)
  const merged = preset.map((tool) => {
    const identity = toolIdentity(tool)
    const override = fromRequest.get(identity)
    if (override === undefined) return tool
    fromRequest.delete(identity)
    return override
  })
  for (const tool of request) {
    if (fromRequest.get(toolIdentity(tool)) === tool) merged.push(tool)
  }
  return merged
}

/**
 * The request's own fields: without the preset reference, with the model it names beside it (forms 2, 3).
 * Rest and spread copy every own key as data (`__proto__` of a parsed body included) without touching a
 * prototype; the body itself is never changed.
 */
function ownFields(
  body: Readonly<Record<string, unknown>>,
  reference: PresetReference | null,
): Readonly<Record<string, unknown>> {
  if (reference === null) return body
  if (reference.form === 'field') {
    const { preset: _, ...own } = body
    return own
  }
  const { model: _, ...own } = body
  return reference.model === undefined ? own : { model: reference.model, ...own }
}

/** The effective request: the version's config and system prompt merged with the request's own fields. */
export function effectiveRequest(
  endpoint: Endpoint,
  body: Readonly<Record<string, unknown>>,
  reference: PresetReference | null,
  version: PresetVersionRecord | undefined,
): Record<string, unknown> {
  const own = ownFields(body, reference)
  if (!version) return { ...own }
  // Config keys are an allow-list (`validation/`), never `__proto__`; spreading defines every own key as data.
  const config: Record<string, unknown> = {}
  for (const key of Object.keys(version.config)) {
    if (!PRESET_ONLY_KEYS.has(key)) config[key] = version.config[key]
  }
  const merged: Record<string, unknown> = { ...config, ...own }
  if (Array.isArray(config.tools) && Array.isArray(own.tools))
    merged.tools = mergeTools(config.tools, own.tools)
  return withSystemPrompt(endpoint, merged, version.system_prompt)
}
