/**
 * The documented merge of a preset's version into a request (docs/router-inference.md §1): shallow, the
 * request's fields win, except `tools`, which are combined by identity (a request tool replaces the preset
 * tool with its identity, in the preset tool's place; request-only tools follow the preset's). What is not
 * documented (the system prompt, preset-only keys) is decided in `inferred.ts`.
 * @module
 */
import type { PresetVersionRecord } from '../records.js'
import { addSystemPrompt, type Endpoint, PRESET_ONLY_KEYS } from './inferred.js'
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

/** Defines `key` on a fresh record as a spread does: as data, `__proto__` included (no prototype touched). */
function put(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(record, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
  else record[key] = value
}

/**
 * The effective request: the version's config and system prompt merged with the request's own fields, in
 * one new record (the body and the config are never changed): the config's keys first, then the request's
 * own (without the preset reference; with the model it names beside it, forms 2 and 3), each taking the
 * place of the config's key of the same name, as `{ ...config, ...own }` places them.
 */
export function effectiveRequest(
  endpoint: Endpoint,
  body: Readonly<Record<string, unknown>>,
  reference: PresetReference | null,
  version: PresetVersionRecord | undefined,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {}
  // Config keys are an allow-list (`validation/`), never `__proto__` (assigned, as they always were).
  if (version) {
    const config = version.config
    for (const key of Object.keys(config)) {
      if (!PRESET_ONLY_KEYS.has(key)) merged[key] = config[key]
    }
  }
  // The key that names the preset is not the request's own; the model named beside it is (forms 2 and 3).
  const named = reference === null ? undefined : reference.form === 'field' ? 'preset' : 'model'
  if (reference !== null && reference.form !== 'field' && reference.model !== undefined)
    merged.model = reference.model
  for (const key of Object.keys(body)) {
    if (key !== named) put(merged, key, body[key])
  }
  if (!version) return merged
  const tools = version.config.tools
  if (Array.isArray(tools) && Array.isArray(body.tools))
    merged.tools = mergeTools(tools, body.tools)
  addSystemPrompt(endpoint, merged, version.system_prompt)
  return merged
}
