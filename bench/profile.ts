/**
 * CPU profiles of the servers under test, summarised: self time by category (node http, sockets and
 * streams, JSON, zod, the journal, ids, GC, …), by file or package, by function, and the inclusive time
 * of this repository's functions.
 * - `node --import tsx bench/profile.ts <file.cpuprofile> [top]`: summarises one profile (from
 *   `node --cpu-prof`, or `BENCH_CPU_PROF=<dir>` for `bench/target.ts`).
 * - `node --import tsx bench/profile.ts --run <operation> [--seconds 10] [--targets bare,direct]`:
 *   starts each target in its own process with the profiler on (`BENCH_CPU_PROF`), loads it with that
 *   operation from the load generator's process (32 connections), and prints each category's self time
 *   per request side by side: where a target's microseconds above bare go. Profiles are kept in
 *   `bench/tmp/profiles/`.
 * @module
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  createGetPreset,
  LOAD,
  load,
  OPS,
  ROOT,
  type Round,
  send,
  startTarget,
  type Target,
} from './lib.js'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
}

const where = (node: Node) => {
  // The snapshot `bench/run.ts` measures is the built package: name it `dist/` (also a build elsewhere,
  // `BENCH_DIST=/some/dir/dist`, as an A/B of two builds uses).
  const url = node.callFrame.url
    .replace(`file://${ROOT}/`, '')
    .replace(/^bench\/tmp\/dist\//, 'dist/')
    .replace(/^file:\/\/.*\/dist\/(src|handlers|scenarios)\//, 'dist/$1/')
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]
  return { file: pkg ? `(${pkg})` : url || '(native)', url }
}
const label = (node: Node) =>
  `${node.callFrame.functionName || '(anonymous)'} ${where(node).url}:${node.callFrame.lineNumber + 1}`

/** The category of a function's self time: what a request's microseconds are spent on. */
function category(node: Node): string {
  const { functionName: name, url } = node.callFrame
  const file = where(node).url
  if (name === '(idle)') return '(idle)'
  if (name === '(garbage collector)') return 'GC'
  if (name === '(program)') return 'V8 (program: compiler, runtime, ICs)'
  if (name === '(root)') return 'V8 (program: compiler, runtime, ICs)'
  // The profiler's own work (Profiler.stop through node:inspector), not the server's.
  if (url === 'node:inspector' || (!url && name === 'dispatch')) return '(profiler)'
  if (!url) {
    if (/^(parse|stringify|JSONParse|JSONStringify)$/.test(name)) return 'JSON parse/stringify'
    if (name === 'runMicrotasks') return 'node timers, microtasks, promises'
    if (/^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeAsciiString)$/.test(name))
      return 'socket writes (native)'
    if (/^(execute|HTTPParser|consume|onStreamRead|readStop|readStart)$/.test(name))
      return 'node http (parser, native)'
    return `native: ${name}`
  }
  if (url.includes('node_modules/zod')) return 'zod'
  if (url.includes('node_modules/msw') || url.includes('node_modules/@mswjs')) return 'msw'
  if (/^node:(_http_|http$|internal\/http)/.test(url)) return 'node http'
  if (/^node:(net|internal\/(streams|stream_base_commons|net))/.test(url))
    return 'node sockets and streams'
  if (/^node:(internal\/)?(timers|process\/task_queues|process\/promises|async_hooks)/.test(url))
    return 'node timers, microtasks, promises'
  if (url === 'node:events') return 'node events (EventEmitter)'
  if (/^node:internal\/(url|webidl|deps\/undici)|^node:url/.test(url))
    return 'node URL, fetch objects'
  if (url.startsWith('node:')) return 'node (other)'
  const ours = /^(?:dist\/)?(src|handlers|scenarios|bench)\/(.*)$/.exec(file)
  if (ours) {
    const path = ours[2] as string
    if (ours[1] === 'bench') return 'bench (the bare server)'
    if (path.startsWith('journal/')) return 'journal (src/engine/journal)'
    if (path.startsWith('core/ids')) return 'ids (src/core/ids)'
    if (path.startsWith('core/clock')) return 'clock (src/core/clock)'
    if (/validation|params|body|form/.test(path)) return `validation (src/${path.split('/')[0]})`
    if (path.startsWith('server/')) return 'server I/O (src/entries/server)'
    return `src/${path.split('/')[0]?.replace(/\.js$/, '')}`
  }
  return where(node).file
}

/** Self time (µs) summed by `key`, biggest first; `(idle)` left out of `busy`. */
function selfTimes(profile: Profile, key: (node: Node) => string) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const times = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const name = key(byId.get(id) as Node)
    times.set(name, (times.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  const idle = times.get('(idle)') ?? 0
  times.delete('(idle)')
  times.delete('(profiler)')
  const busy = [...times.values()].reduce((a, b) => a + b, 0)
  return { times: [...times].sort((a, b) => b[1] - a[1]), busy, idle }
}

/** Prints the full summary of one profile. */
function summarize(file: string, top: number) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const sum = (key: (node: Node) => string, inclusive: boolean) => {
    const times = new Map<string, number>()
    for (const [id, time] of self) {
      const seen = new Set<string>()
      for (
        let at: number | undefined = id;
        at !== undefined;
        at = inclusive ? parent.get(at) : undefined
      ) {
        const name = key(byId.get(at) as Node)
        if (!seen.has(name)) times.set(name, (times.get(name) ?? 0) + time)
        seen.add(name)
      }
    }
    return [...times].sort((a, b) => b[1] - a[1]).slice(0, top)
  }
  const print = (title: string, rows: Array<[string, number]>) => {
    console.log(`\n${title}`)
    for (const [name, time] of rows) {
      console.log(
        `${((100 * time) / total).toFixed(1).padStart(5)}%  ${(time / 1000).toFixed(0).padStart(6)} ms  ${name}`,
      )
    }
  }
  console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`)
  print('self time by category', sum(category, false))
  print(
    'self time by file or package',
    sum((node) => where(node).file, false),
  )
  print('self time by function', sum(label, false))
  const ours = (node: Node) =>
    /^(dist\/)?(src|handlers|scenarios)\//.test(where(node).url) ? label(node) : '(elsewhere)'
  print(
    'inclusive time of src/, handlers/, scenarios/ functions',
    sum(ours, true).filter(([n]) => n !== '(elsewhere)'),
  )
}

const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}

if (!args.includes('--run')) {
  const [file, count = '15'] = args
  if (!file) throw new Error('usage: bench/profile.ts <file.cpuprofile> [top] | --run <operation>')
  summarize(file, Number(count))
} else {
  const op = OPS.find((candidate) => candidate.name === option('--run'))
  if (!op) throw new Error(`--run takes one of ${OPS.map((o) => o.name).join(', ')}`)
  const seconds = Number(option('--seconds') ?? 10)
  const specs = (option('--targets') ?? 'bare,direct').split(',')
  const dir = join(ROOT, 'bench', 'tmp', 'profiles')
  mkdirSync(dir, { recursive: true })

  // The bodies of the bare server: what the default engine answers, from an unprofiled one.
  const source = await startTarget('direct')
  await send(source.url, createGetPreset, '0')
  const bodies: Record<string, string> = {}
  for (const each of OPS) bodies[each.name] = await send(source.url, each)
  source.stop()
  await source.exited

  process.env.BENCH_CPU_PROF = dir
  const profiled: Array<{ spec: string; round: Round; file: string }> = []
  for (const spec of specs) {
    const target = await startTarget(spec, bodies)
    await send(target.url, createGetPreset, '0')
    // Warm up, then the profiled run: the profile covers both, so warm up briefly.
    await load(target as Target, op, 1, LOAD.connections)
    const round = await load(target as Target, op, seconds, LOAD.connections)
    target.stop()
    await target.exited
    const file = readdirSync(dir).find((name) => name.endsWith(`-${target.pid}.cpuprofile`))
    if (!file) throw new Error(`no profile of ${spec} (pid ${target.pid}) in ${dir}`)
    profiled.push({ spec, round, file: join(dir, file) })
  }
  // Self time per request (µs) by category, each target side by side.
  const tables = profiled.map(({ spec, round, file }) => {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
    // The profile covers the warm-up and the run: each category's share of the busy time, applied to
    // the measured run's CPU per request.
    const { times, busy } = selfTimes(profile, category)
    const perRequest = (time: number) => (time / busy) * round.cpuUs
    return { spec, round, file, times: new Map(times.map(([k, v]) => [k, perRequest(v)])), busy }
  })
  const names = [...new Set(tables.flatMap((t) => [...t.times.keys()]))].sort(
    (a, b) =>
      (tables.at(-1)?.times.get(b) ?? 0) - (tables.at(-1)?.times.get(a) ?? 0) ||
      (tables[0]?.times.get(b) ?? 0) - (tables[0]?.times.get(a) ?? 0),
  )
  console.log(
    `\n${op.name}: ${seconds} s at ${LOAD.connections} connections; self time per request (µs) by category, the main thread's busy time scaled to /proc CPU µs per request (which also counts GC helper threads)`,
  )
  console.log(`| category | ${tables.map((t) => t.spec).join(' | ')} |`)
  console.log(`|---|${tables.map(() => '---:').join('|')}|`)
  for (const name of names) {
    const cells = tables.map((t) => (t.times.get(name) ?? 0).toFixed(1))
    if (cells.every((cell) => cell === '0.0')) continue
    console.log(`| ${name} | ${cells.join(' | ')} |`)
  }
  console.log(
    `| **CPU µs per request (/proc)** | ${tables.map((t) => t.round.cpuUs.toFixed(1)).join(' | ')} |`,
  )
  console.log(`| req/s | ${tables.map((t) => Math.round(t.round.rps)).join(' | ')} |`)
  for (const { spec, file } of tables) {
    console.log(`\n==== ${spec}`)
    summarize(file, 25)
  }
}
