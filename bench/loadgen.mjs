/**
 * The load generator, run in a process of its own (never in the process of the server it loads): plain
 * Node (no tsx) driving autocannon's API, so that a body can vary per request (autocannon's CLI can only
 * put random ids in it).
 * `node bench/loadgen.mjs '<json>'` with `{ url, method, path, headers, body?, vary?, connections,
 * seconds, serverPid? }`; `vary` is `"path"` or `"body"` (the field in which `{n}` is replaced by a
 * number unique to this run: prefix it with something unique to the round). Prints one JSON line:
 * requests, rps, p50/p99 (ms, whole: autocannon's histogram), errors, and the CPU time (ms) over the
 * same window of the server (`/proc/<serverPid>/stat`: every thread of it, user + system), of this
 * process, and of the whole machine (`/proc/stat`), to tell the server's cost, whether this process was
 * the bottleneck, and how much else ran meanwhile.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

const spec = JSON.parse(process.argv[2] ?? 'null')
if (!spec?.url) throw new Error('usage: node bench/loadgen.mjs \'{"url":…}\'')

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux unless unusual). */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
/** A process's CPU time (ms): utime + stime, fields 14 and 15 of /proc/<pid>/stat (after the name). */
const processCpuMs = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS
}
/** The whole machine's busy CPU time (ms, summed over cores): every field of /proc/stat's `cpu` line but idle and iowait. */
const machineCpuMs = () => {
  const [, ...times] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/)
  // user nice system idle iowait irq softirq steal (guest times are already inside user and nice)
  const [user, nice, system, , , irq, softirq, steal] = times.map(Number)
  return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS
}
const selfCpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

const template = spec.vary ? spec[spec.vary] : undefined
let n = 0
const request = {
  method: spec.method,
  path: spec.vary === 'path' ? template.replace('{n}', '0') : spec.path,
  headers: spec.headers,
  ...(spec.body === undefined
    ? {}
    : { body: spec.vary === 'body' ? template.replace('{n}', '0') : spec.body }),
  ...(template
    ? {
        // Called before every request: the next unique path or body (autocannon then rebuilds the request).
        setupRequest: (next) => {
          next[spec.vary] = template.replace('{n}', String(++n))
          return next
        },
      }
    : {}),
}

const before = {
  server: spec.serverPid ? processCpuMs(spec.serverPid) : 0,
  self: selfCpuMs(),
  machine: machineCpuMs(),
  at: performance.now(),
}
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  // It stops at the first sample after the duration: sample often, so that short runs stay short.
  sampleInt: 100,
  requests: [request],
})
const after = {
  server: spec.serverPid ? processCpuMs(spec.serverPid) : 0,
  self: selfCpuMs(),
  machine: machineCpuMs(),
  at: performance.now(),
}
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.total / (result.duration || spec.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    windowMs: after.at - before.at,
    serverCpuMs: after.server - before.server,
    loadgenCpuMs: after.self - before.self,
    machineCpuMs: after.machine - before.machine,
  }),
)
