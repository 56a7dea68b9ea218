/**
 * Compares the newest published @openrouter/sdk with the OpenRouter description the project keeps
 * (test/contract/descriptions/openrouter-presets.openapi.json), for the seven preset operations: method and
 * path, path and query parameters, the request body and every declared response (status and schema).
 *
 * The SDK ships no OpenAPI document, so the script reads what the SDK itself does: its generated operation
 * functions (esm/funcs/presets*.js: path, method, parameters, body, the statuses it parses) and its zod
 * schemas (esm/models), turned into a JSON-Schema-like shape with the wire names (request keys through the
 * SDK's own camelCase-to-wire remapping) and compared with the description's schemas, recursively.
 * Differences the description already records (its `x-extracted.sdk_1_3_19_deltas`) and those reviewed
 * before (`sdk-diff.baseline.json`: the SDK named there against the kept description, with what they mean for
 * Understudy) are listed apart, as known; anything else is NEW.
 *
 * Not in CI: it needs the registry. Run `npm run contract:sdk-diff` (or `node scripts/contract/sdk-diff.mjs
 * [--version 1.3.19] [--json] [--write-baseline]`); exit code 1 when there is a NEW difference.
 */
import { execFileSync } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const DESCRIPTION = join(ROOT, 'test/contract/descriptions/openrouter-presets.openapi.json')
const BASELINE = join(ROOT, 'scripts/contract/sdk-diff.baseline.json')
const MAX_DEPTH = 12

const argv = process.argv.slice(2)
const print = (line) => process.stdout.write(`${line}\n`)
const option = (name) => {
  const i = argv.indexOf(name)
  return i === -1 ? undefined : argv[i + 1]
}

/** Packs the SDK (newest, or `--version`) into a folder of its own, with the project's zod beside it. */
function packSdk() {
  const wanted = option('--version') ?? 'latest'
  const version = execFileSync('npm', ['view', `@openrouter/sdk@${wanted}`, 'version'], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop()
    .replace(/^.*'(.*)'$/, '$1')
  const dir = mkdtempSync(join(tmpdir(), 'sdk-diff-'))
  execFileSync(
    'npm',
    ['pack', `@openrouter/sdk@${version}`, '--pack-destination', dir, '--silent'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))
  const target = join(dir, 'node_modules', '@openrouter', 'sdk')
  mkdirSync(target, { recursive: true })
  execFileSync('tar', ['xzf', join(dir, tarball), '-C', target, '--strip-components=1'])
  symlinkSync(join(ROOT, 'node_modules', 'zod'), join(dir, 'node_modules', 'zod'))
  return { version, dir, sdk: target }
}

// ---- the SDK's side -------------------------------------------------------------------------------------

/** What an SDK operation function does: method, path, parameters, body and the statuses it parses. */
function readOperation(source) {
  const field = (re) => re.exec(source)?.[1]
  const operationId = field(/operationID: "([^"]+)"/)
  const method = field(/method: "([A-Z]+)"/)?.toLowerCase()
  const path = field(/pathToFunc\("([^"]+)"\)/)
  const pathParams = [...source.matchAll(/(\w+): encodeSimple\("(\w+)", payload/g)].map((m) => m[2])
  const queryBlock = field(/encodeFormQuery\(\{([^}]*)\}/) ?? ''
  const query = [...queryBlock.matchAll(/"([^"]+)":/g)].map((m) => m[1])
  const body = field(/encodeJSON\("body", payload\.(\w+)/)
  const request = field(/operations\.(\w+Request)\$outboundSchema/)
  const responses = {}
  for (const m of source.matchAll(
    /M\.json(?:Err)?\((\d+), (?:models|errors|operations)\.(\w+)\$inboundSchema/g,
  )) {
    responses[m[1]] = m[2]
  }
  return { operationId, method, path, pathParams, query, body, request, responses }
}

const def = (schema) => schema._zod.def

/** A zod v4 schema as a JSON-Schema-like shape (wire names), to `depth`. */
function fromZod(schema, { outbound }, depth = 0, seen = new Set()) {
  if (depth > MAX_DEPTH) return { deep: true }
  if (seen.has(schema)) return { recursive: true }
  const d = def(schema)
  const next = (s) => fromZod(s, { outbound }, depth + 1, new Set([...seen, schema]))
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return { ...next(d.innerType), optional: true }
    case 'nullable':
      return { ...next(d.innerType), nullable: true }
    case 'lazy':
      return fromZod(d.getter(), { outbound }, depth, seen)
    case 'pipe': {
      const inner = next(d.in)
      if (outbound && inner.type === 'object' && def(d.out).type === 'transform') {
        // The SDK remaps camelCase keys to wire names in this transform: read the mapping by running it.
        const probe = Object.fromEntries(Object.keys(inner.properties).map((k) => [k, k]))
        let out
        try {
          out = def(d.out).transform(probe, { issues: [] })
        } catch {
          out = probe
        }
        const properties = {}
        for (const [wire, camel] of Object.entries(out)) {
          if (typeof camel === 'string' && camel in inner.properties)
            properties[wire] = inner.properties[camel]
        }
        return { ...inner, properties }
      }
      return def(d.in).type === 'string' && def(d.out).type === 'transform'
        ? { type: 'string' }
        : inner
    }
    case 'object': {
      const properties = {}
      for (const [key, value] of Object.entries(d.shape)) {
        // The SDK's error classes carry the HTTP exchange (`request$`, `response$`, `body$`): not wire fields.
        if (!key.endsWith('$')) properties[key] = next(value)
      }
      return { type: 'object', properties }
    }
    case 'array':
      return { type: 'array', items: next(d.element) }
    case 'intersection': {
      const left = next(d.left)
      const right = next(d.right)
      if (left.type === 'object' && right.type === 'object') {
        return { type: 'object', properties: { ...left.properties, ...right.properties } }
      }
      return Object.keys(left).length > 0 ? left : right
    }
    case 'record':
      return { type: 'object', additionalProperties: next(d.valueType) }
    case 'union': {
      const options = d.options.map(next)
      // An open enum: literals or an enum, plus any string.
      const literals = options.filter((o) => o.enum !== undefined).flatMap((o) => o.enum)
      if (
        literals.length > 0 &&
        options.every((o) => o.enum !== undefined || o.type === 'string')
      ) {
        return { type: 'string', enum: literals, open: options.some((o) => o.enum === undefined) }
      }
      return { anyOf: options }
    }
    case 'enum':
      return { type: 'string', enum: Object.values(d.entries) }
    case 'literal':
      return { enum: d.values }
    case 'string':
      return { type: 'string' }
    case 'number':
      return { type: d.checks?.some((c) => def(c).format === 'safeint') ? 'integer' : 'number' }
    case 'int':
      return { type: 'integer' }
    case 'boolean':
      return { type: 'boolean' }
    case 'null':
      return { type: 'null' }
    case 'any':
    case 'unknown':
      return {}
    default:
      return { type: d.type }
  }
}

// ---- the description's side -----------------------------------------------------------------------------

function fromDescription(doc, schema, depth = 0, seen = new Set()) {
  if (depth > MAX_DEPTH) return { deep: true }
  if (schema?.$ref) {
    const name = schema.$ref.split('/').pop()
    if (seen.has(name)) return { recursive: true }
    return fromDescription(doc, doc.components.schemas[name], depth, new Set([...seen, name]))
  }
  const next = (s) => fromDescription(doc, s, depth + 1, seen)
  if (schema === undefined || schema === null || typeof schema !== 'object') return {}
  const types = [].concat(schema.type ?? [])
  const nullable = types.includes('null') || (schema.enum ?? []).includes(null)
  const type = types.find((t) => t !== 'null')
  const out = {}
  if (nullable) out.nullable = true
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => fromDescription(doc, part, depth, seen))
    const typed = parts.filter((p) => p.type !== undefined || p.anyOf !== undefined || p.enum)
    if (typed.length === 1 || typed.some((p) => p.type !== 'object')) return { ...typed[0], ...out }
    const merged = { type: 'object', properties: {} }
    for (const p of typed) Object.assign(merged.properties, p.properties ?? {})
    return { ...merged, ...out }
  }
  if (schema.anyOf || schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf).map(next)
    const literals = options.filter((o) => o.enum !== undefined).flatMap((o) => o.enum)
    // `{type: 'null'}` comes back as `{nullable: true}`: a null branch.
    const isNull = (o) => o.nullable && Object.keys(o).length === 1
    if (options.some(isNull)) out.nullable = true
    const rest = options.filter((o) => !isNull(o))
    if (literals.length > 0 && rest.every((o) => o.enum !== undefined)) {
      return { type: 'string', enum: literals, ...out }
    }
    if (rest.length === 1) return { ...rest[0], ...out }
    return { anyOf: rest, ...out }
  }
  if (schema.enum) return { type, enum: schema.enum.filter((v) => v !== null), ...out }
  if (schema.const !== undefined) return { enum: [schema.const], ...out }
  if (type === 'object' || schema.properties) {
    const properties = {}
    for (const [key, value] of Object.entries(schema.properties ?? {})) {
      properties[key] = next(value)
      if (!(schema.required ?? []).includes(key)) properties[key].optional = true
    }
    const shape = { type: 'object', properties, ...out }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      if (Object.keys(schema.additionalProperties).length > 0 && !schema.properties) {
        shape.additionalProperties = next(schema.additionalProperties)
      }
    }
    return shape
  }
  if (type === 'array') return { type: 'array', items: next(schema.items), ...out }
  return type === undefined ? out : { type, ...out }
}

// ---- comparing --------------------------------------------------------------------------------------------

/** A short name for a branch of a union: its kind and its tag (`object type=function`). */
function branchKey(shape) {
  const tagKey = ['type', 'role', 'id'].find((k) => shape.properties?.[k]?.enum?.length >= 1)
  const tag = tagKey ? ` ${tagKey}=${shape.properties[tagKey].enum.join('|')}` : ''
  return `${shape.type ?? (shape.anyOf ? 'union' : shape.enum ? 'enum' : 'any')}${tag}`
}

function compare(sdk, described, path, out) {
  if (sdk.deep || described.deep || sdk.recursive || described.recursive) return
  if (Boolean(sdk.optional) !== Boolean(described.optional)) {
    out.push({ path, what: `required in ${sdk.optional ? 'the description' : 'the SDK'} only` })
  }
  if (Boolean(sdk.nullable) !== Boolean(described.nullable)) {
    out.push({ path, what: `nullable in ${sdk.nullable ? 'the SDK' : 'the description'} only` })
  }
  const st = sdk.type ?? (sdk.anyOf ? 'union' : undefined)
  const dt = described.type ?? (described.anyOf ? 'union' : undefined)
  if (st !== dt && st !== undefined && dt !== undefined && !(st === 'number' && dt === 'integer')) {
    out.push({ path, what: `type ${dt} in the description, ${st} in the SDK` })
    return
  }
  if (sdk.enum && described.enum) {
    const only = (a, b) => a.filter((v) => !b.includes(v))
    const added = only(sdk.enum, described.enum)
    const removed = only(described.enum, sdk.enum)
    if (added.length) out.push({ path, what: `values only in the SDK: ${added.join(', ')}` })
    if (removed.length)
      out.push({ path, what: `values only in the description: ${removed.join(', ')}` })
  }
  if (sdk.properties && described.properties) {
    for (const key of new Set([
      ...Object.keys(sdk.properties),
      ...Object.keys(described.properties),
    ])) {
      const a = sdk.properties[key]
      const b = described.properties[key]
      if (a === undefined) out.push({ path: `${path}.${key}`, what: 'only in the description' })
      else if (b === undefined) out.push({ path: `${path}.${key}`, what: 'only in the SDK' })
      else compare(a, b, `${path}.${key}`, out)
    }
  }
  if (sdk.items && described.items) compare(sdk.items, described.items, `${path}[]`, out)
  if (sdk.anyOf && described.anyOf) {
    const a = new Map(sdk.anyOf.map((s) => [branchKey(s), s]))
    const b = new Map(described.anyOf.map((s) => [branchKey(s), s]))
    for (const key of new Set([...a.keys(), ...b.keys()])) {
      if (!a.has(key)) out.push({ path, what: `branch ${key} only in the description` })
      else if (!b.has(key)) out.push({ path, what: `branch ${key} only in the SDK` })
      else compare(a.get(key), b.get(key), `${path}<${key}>`, out)
    }
  }
}

/** Differences the description's own notes or the SDK generator's habits explain. */
function known(difference, deltas) {
  if (/switchyard-router|SwitchyardRouter/.test(JSON.stringify(difference))) {
    return deltas.SwitchyardRouterPlugin ? 'x-extracted.sdk_1_3_19_deltas' : undefined
  }
  return undefined
}

async function main() {
  const doc = JSON.parse(readFileSync(DESCRIPTION, 'utf8'))
  const { version, dir, sdk } = packSdk()
  try {
    const models = await import(pathToFileURL(join(sdk, 'esm/models/index.js')).href)
    const operations = await import(pathToFileURL(join(sdk, 'esm/models/operations/index.js')).href)
    const errors = await import(pathToFileURL(join(sdk, 'esm/models/errors/index.js')).href)
    const funcs = readdirSync(join(sdk, 'esm/funcs')).filter((f) => /^presets.*\.js$/.test(f))
    const differences = []
    const seenOps = new Set()
    for (const file of funcs) {
      const op = readOperation(readFileSync(join(sdk, 'esm/funcs', file), 'utf8'))
      seenOps.add(op.operationId)
      const where = `${op.operationId}`
      const entry = Object.entries(doc.paths).flatMap(([p, methods]) =>
        Object.entries(methods)
          .filter(([, o]) => o.operationId === op.operationId)
          .map(([m, o]) => ({ path: p, method: m, operation: o })),
      )[0]
      if (entry === undefined) {
        differences.push({ path: where, what: 'operation only in the SDK' })
        continue
      }
      if (entry.path !== op.path)
        differences.push({ path: where, what: `path ${entry.path} -> ${op.path}` })
      if (entry.method !== op.method) {
        differences.push({ path: where, what: `method ${entry.method} -> ${op.method}` })
      }
      const params = (entry.operation.parameters ?? []).filter((p) => p.in !== 'header')
      const describedPath = params
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort()
      const describedQuery = params
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort()
      if (describedPath.join() !== [...op.pathParams].sort().join()) {
        differences.push({
          path: `${where} path parameters`,
          what: `${describedPath} -> ${op.pathParams}`,
        })
      }
      if (describedQuery.join() !== [...op.query].sort().join()) {
        differences.push({
          path: `${where} query parameters`,
          what: `${describedQuery} -> ${op.query}`,
        })
      }
      // Parameter types, from the SDK's request schema (query and path keys are wire names there).
      const request = operations[`${op.request}$outboundSchema`]
      if (request) {
        const shape = fromZod(request, { outbound: true })
        for (const p of params) {
          const mine = shape.properties?.[p.name]
          if (mine === undefined) continue
          compare(
            mine,
            { ...fromDescription(doc, p.schema), optional: !p.required },
            `${where} ${p.in} ${p.name}`,
            differences,
          )
        }
        if (op.body) {
          const bodySchema = entry.operation.requestBody?.content?.['application/json']?.schema
          const key = Object.keys(shape.properties ?? {}).find((k) => k === op.body)
          if (bodySchema === undefined || key === undefined) {
            differences.push({ path: `${where} body`, what: 'body in one side only' })
          } else {
            compare(
              { ...shape.properties[key], optional: false },
              fromDescription(doc, bodySchema),
              `${where} body`,
              differences,
            )
          }
        }
      }
      const describedStatuses = Object.keys(entry.operation.responses).sort()
      const sdkStatuses = Object.keys(op.responses).sort()
      if (describedStatuses.join() !== sdkStatuses.join()) {
        differences.push({
          path: `${where} responses`,
          what: `${describedStatuses} -> ${sdkStatuses}`,
        })
      }
      for (const [status, name] of Object.entries(op.responses)) {
        const schema = entry.operation.responses[status]?.content?.['application/json']?.schema
        const zod = models[`${name}$inboundSchema`] ?? errors[`${name}$inboundSchema`]
        if (schema === undefined || zod === undefined) continue
        // Error classes wrap the body: their inbound schema is the body's.
        compare(
          fromZod(zod, { outbound: false }),
          fromDescription(doc, schema),
          `${where} ${status}`,
          differences,
        )
      }
    }
    for (const methods of Object.values(doc.paths)) {
      for (const o of Object.values(methods)) {
        if (!seenOps.has(o.operationId))
          differences.push({ path: o.operationId, what: 'operation only in the description' })
      }
    }
    const deltas = doc['x-extracted']?.sdk_1_3_19_deltas ?? {}
    let baseline = { differences: [] }
    try {
      baseline = JSON.parse(readFileSync(BASELINE, 'utf8'))
    } catch {}
    const reviewed = new Set(baseline.differences.map((d) => `${d.path}: ${d.what}`))
    const why = (d) =>
      known(d, deltas) ??
      (reviewed.has(`${d.path}: ${d.what}`) ? `reviewed, ${baseline.sdk}` : undefined)
    const news = differences.filter((d) => why(d) === undefined)
    const explained = differences.filter((d) => why(d) !== undefined)
    if (argv.includes('--write-baseline')) {
      const unexplained = differences.filter((d) => known(d, deltas) === undefined)
      writeFileSync(
        BASELINE,
        `${JSON.stringify({ sdk: version, description: doc['x-extracted']?.source?.commit, note: baseline.note, differences: unexplained }, null, 2)}\n`,
      )
      console.error(`wrote ${BASELINE} (${unexplained.length} differences)`)
    }
    if (argv.includes('--json')) {
      print(JSON.stringify({ version, differences: news, known: explained }, null, 2))
    } else {
      print(
        `@openrouter/sdk ${version} against ${doc['x-extracted']?.source?.commit?.slice(0, 10) ?? 'the kept description'}: ${funcs.length} preset operations`,
      )
      const byReason = new Map()
      for (const d of explained) byReason.set(why(d), (byReason.get(why(d)) ?? 0) + 1)
      for (const [reason, n] of byReason) print(`  known  ${n} difference(s): ${reason}`)
      for (const d of news) print(`  NEW    ${d.path}: ${d.what}`)
      if (news.length === 0) print('  no difference beyond the known ones')
    }
    process.exitCode = news.length === 0 ? 0 : 1
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
