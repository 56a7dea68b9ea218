/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, or `BENCH_CPU_PROF=<dir>` for the servers under
 * test): self time by function and by file, and inclusive time of this repository's functions.
 * `node --import tsx bench/profile.ts <file.cpuprofile> [top]`
 * @module
 */
import { readFileSync } from 'node:fs'
import { ROOT } from './lib.js'

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

const [file, count = '15'] = process.argv.slice(2)
if (!file) throw new Error('usage: bench/profile.ts <file.cpuprofile> [top]')
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const top = Number(count)

const where = (node: Node) => {
  const url = node.callFrame.url.replace(`file://${ROOT}/`, '')
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]
  return { file: pkg ? `(${pkg})` : url || '(native)', url }
}
const label = (node: Node) =>
  `${node.callFrame.functionName || '(anonymous)'} ${where(node).url}:${node.callFrame.lineNumber + 1}`

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
