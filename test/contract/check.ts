/**
 * Checks one exchange Understudy answered (a journal entry) against the service's published description
 * with Ajv, a maintained JSON Schema validator (decisions/contract-validation.md): the answer against the
 * response declared for its status, and, for an answer that accepted the request (2xx), the request against
 * what the operation declares (path and query parameters, the body). A problem the description finds that
 * `exceptions.ts` lists as a known, evidenced difference is counted there instead of failing.
 * @module
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import formats from 'ajv-formats'

// ajv-formats is CommonJS: its function is the module itself.
const addFormats = formats as unknown as (ajv: Ajv) => Ajv

import { description, type OpenApi, ROUTER_DESCRIPTION, zulipFileFor } from './descriptions.js'

/** What the check reads of an exchange (a journal entry, plus the organization's level for messaging). */
export interface Exchange {
  service: string
  operation: string | null
  method: string
  path: string
  query: Record<string, string | string[]>
  body: unknown
  status: number
  response: unknown
  /** The messaging organization's feature level when the request was answered. */
  level?: number | undefined
}

/** One way an exchange breaks its description. */
export interface Problem {
  service: string
  operation: string
  part: 'request' | 'response'
  status: number
  level?: number | undefined
  /** The description it broke (file name). */
  description: string
  /** Where in the body, query or path (`/user/date_joined`, `query/limit`, `path/slug`). */
  at: string
  /** Ajv's keyword and message (`type: must be string`). */
  message: string
}

/** Which description operation answers each of Understudy's operation ids. */
export const OPERATIONS: Readonly<Record<string, readonly [method: string, template: string]>> = {
  // router: the description's operationIds are Understudy's
  createPresetsChatCompletions: ['post', '/presets/{slug}/chat/completions'],
  createPresetsMessages: ['post', '/presets/{slug}/messages'],
  createPresetsResponses: ['post', '/presets/{slug}/responses'],
  listPresets: ['get', '/presets'],
  getPreset: ['get', '/presets/{slug}'],
  listPresetVersions: ['get', '/presets/{slug}/versions'],
  getPresetVersion: ['get', '/presets/{slug}/versions/{version}'],
  // messaging: paths below /api/v1
  'create-user': ['post', '/users'],
  'get-users': ['get', '/users'],
  'get-user': ['get', '/users/{user_id}'],
  'get-user-by-email': ['get', '/users/{email}'],
  'get-own-user': ['get', '/users/me'],
  'get-message': ['get', '/messages/{message_id}'],
  'get-server-settings': ['get', '/server_settings'],
  'test-welcome-bot-custom-message': ['post', '/realm/test_welcome_bot_custom_message'],
  'deactivate-user': ['delete', '/users/{user_id}'],
  'deactivate-own-user': ['delete', '/users/me'],
  'delete-message': ['delete', '/messages/{message_id}'],
}

/** Formats the descriptions use that say nothing a JSON type does not already say. */
const NUMERIC_FORMATS = ['double', 'float', 'int32', 'int64']

interface Validators {
  ajv: Ajv
  doc: OpenApi
  file: string
  cache: Map<string, ValidateFunction | null>
}

const validators = new Map<string, Promise<Validators>>()

function validatorsFor(file: string): Promise<Validators> {
  let known = validators.get(file)
  if (known === undefined) {
    known = description(file).then((doc) => {
      const options = {
        strict: false,
        allErrors: false,
        validateSchema: false,
        discriminator: false,
      }
      // OpenAPI 3.1 is JSON Schema 2020-12; 3.0 is Ajv's default draft with OpenAPI's `nullable`.
      const ajv: Ajv = doc.openapi.startsWith('3.1')
        ? (new Ajv2020(options) as unknown as Ajv)
        : new Ajv(options)
      addFormats(ajv)
      for (const format of NUMERIC_FORMATS) ajv.addFormat(format, true)
      // Only what the simulated operations use: Ajv walks whatever it is given (Zulip's files are 1.2 MB).
      const used = new Set(Object.values(OPERATIONS).map(([, template]) => template))
      const paths = Object.fromEntries(Object.entries(doc.paths).filter(([path]) => used.has(path)))
      ajv.addSchema({ paths, components: doc.components } as object, file)
      return { ajv, doc, file, cache: new Map() }
    })
    validators.set(file, known)
  }
  return known
}

/** `/users/{user_id}` → JSON pointer segment `~1users~1{user_id}`. */
const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1')

/** The validator of the schema at a JSON pointer into the description, compiled once (`null`: none there). */
function at(v: Validators, path: readonly string[]): ValidateFunction | null {
  const ref = `${v.file}#/${path.map(pointer).join('/')}`
  let known = v.cache.get(ref)
  if (known === undefined) {
    let node: any = v.doc
    for (const segment of path) node = node?.[segment]
    known =
      node === undefined ? null : ((v.ajv.getSchema(ref) as ValidateFunction | undefined) ?? null)
    v.cache.set(ref, known)
  }
  return known
}

/** Follows `$ref`s inside the document (parameters, bodies, responses may be references), with the node's path. */
function deref(doc: OpenApi, node: any, path: string[]): { node: any; path: string[] } {
  let current = node
  let where = path
  for (let i = 0; i < 8 && typeof current?.$ref === 'string'; i++) {
    where = (current.$ref as string)
      .slice(2)
      .split('/')
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
    current = where.reduce((into: any, key: string) => into?.[key], doc)
  }
  return { node: current, path: where }
}

/** The path parameters of a concrete path under a template (`/presets/a/versions/2`). */
function pathParams(template: string, path: string): Record<string, string> | undefined {
  const names: string[] = []
  const pattern = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name)
    return '([^/]*)'
  })
  const match = new RegExp(`^${pattern}$`).exec(path)
  if (match === null) return undefined
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]))
}

/** A parameter's text read as its schema says (numbers, booleans, JSON-encoded values). */
function coerce(text: string, schema: any, json: boolean): unknown {
  if (json) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true'
  return text
}

const describe = (errors: readonly ErrorObject[] | null | undefined, prefix: string) =>
  (errors ?? []).map((e) => ({
    at: `${prefix}${e.instancePath}`,
    message: `${e.keyword}: ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`,
  }))

/** The description file that judges an exchange, or `undefined` (no description for it). */
function fileFor(exchange: Exchange): string | undefined {
  if (exchange.service === 'router') return ROUTER_DESCRIPTION
  if (exchange.service === 'messaging' && exchange.level !== undefined) {
    return zulipFileFor(exchange.level, exchange.operation ?? undefined)
  }
  return undefined
}

/** What happened to an exchange: checked (with its problems) or why it could not be. */
export type Verdict =
  | { checked: true; problems: Problem[]; file: string; requestChecked: boolean }
  | { checked: false; reason: string }

/** Checks one exchange against its service's description. */
export async function check(exchange: Exchange): Promise<Verdict> {
  const file = fileFor(exchange)
  if (file === undefined) return { checked: false, reason: 'no description at this level' }
  if (exchange.operation === null) return { checked: false, reason: 'no operation (URL unknown)' }
  const target = OPERATIONS[exchange.operation]
  if (target === undefined) return { checked: false, reason: `unmapped ${exchange.operation}` }
  const [method, template] = target
  const v = await validatorsFor(file)
  const operation = v.doc.paths[template]?.[method]
  if (operation === undefined) return { checked: false, reason: 'operation not in the description' }
  const base = exchange.service === 'messaging' ? '/api/v1' : ''
  const problems: Problem[] = []
  const add = (part: Problem['part'], found: Array<{ at: string; message: string }>) => {
    for (const f of found) {
      problems.push({
        service: exchange.service,
        operation: exchange.operation as string,
        part,
        status: exchange.status,
        level: exchange.level,
        description: file,
        ...f,
      })
    }
  }

  // The answer, against the response declared for its status (JSON answers only).
  const opPath = ['paths', template, method]
  const responses = operation.responses ?? {}
  const key = String(exchange.status)
  const declared = key in responses ? key : `${key[0]}XX` in responses ? `${key[0]}XX` : 'default'
  let responseChecked = false
  // A HEAD answer has no body to check (the journal reads it as null).
  const hasBody = exchange.method !== 'HEAD' && typeof exchange.response === 'object'
  if (declared in responses && hasBody && exchange.response !== null) {
    const response = deref(v.doc, responses[declared], [...opPath, 'responses', declared])
    if (response.node?.content?.['application/json']?.schema !== undefined) {
      const validate = at(v, [...response.path, 'content', 'application/json', 'schema'])
      if (validate !== null) {
        responseChecked = true
        if (!validate(exchange.response)) add('response', describe(validate.errors, 'response'))
      }
    }
  }

  // The request, when Understudy accepted it.
  let requestChecked = false
  if (exchange.status >= 200 && exchange.status < 300) {
    requestChecked = true
    const params = pathParams(base + template, exchange.path) ?? {}
    const declaredParams: Array<[any, string[]]> = [
      ...(operation.parameters ?? []).map((p: any, i: number) => [
        p,
        [...opPath, 'parameters', String(i)],
      ]),
      ...(v.doc.paths[template]?.parameters ?? []).map((p: any, i: number) => [
        p,
        ['paths', template, 'parameters', String(i)],
      ]),
    ]
    for (const [raw, where] of declaredParams) {
      const { node: param, path } = deref(v.doc, raw, where)
      const json = param.content?.['application/json'] !== undefined
      const schemaPath = json
        ? [...path, 'content', 'application/json', 'schema']
        : [...path, 'schema']
      const schema = json ? param.content['application/json'].schema : param.schema
      if (schema === undefined) continue
      let value: string | string[] | undefined
      if (param.in === 'path') value = params[param.name]
      else if (param.in === 'query') value = exchange.query[param.name]
      else continue
      if (value === undefined) {
        if (param.required) {
          add('request', [{ at: `${param.in}/${param.name}`, message: 'required: missing' }])
        }
        continue
      }
      const text = Array.isArray(value) ? (value[value.length - 1] ?? '') : value
      const validate = at(v, schemaPath)
      if (validate !== null && !validate(coerce(text, deref(v.doc, schema, []).node, json))) {
        add('request', describe(validate.errors, `${param.in}/${param.name}`))
      }
    }
    const body = deref(v.doc, operation.requestBody, [...opPath, 'requestBody'])
    const content = body.node?.content
    if (content?.['application/json'] !== undefined) {
      const validate = at(v, [...body.path, 'content', 'application/json', 'schema'])
      if (validate !== null && !validate(exchange.body))
        add('request', describe(validate.errors, 'body'))
    }
    const form = content?.['application/x-www-form-urlencoded']
    if (form !== undefined && typeof exchange.body === 'object' && exchange.body !== null) {
      const formPath = [...body.path, 'content', 'application/x-www-form-urlencoded', 'schema']
      const schema = deref(v.doc, form.schema, formPath).node
      const encoding = form.encoding ?? {}
      const values: Record<string, unknown> = {}
      for (const [name, raw] of Object.entries({
        ...exchange.query,
        ...(exchange.body as object),
      })) {
        const text = Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw)
        const json = encoding[name]?.contentType === 'application/json'
        values[name] = coerce(text, deref(v.doc, schema?.properties?.[name], []).node, json)
      }
      const validate = at(v, formPath)
      if (validate !== null && !validate(values)) add('request', describe(validate.errors, 'form'))
    }
  }
  if (!responseChecked && !requestChecked) {
    return { checked: false, reason: `status ${exchange.status} not described` }
  }
  return { checked: true, problems, file, requestChecked }
}
