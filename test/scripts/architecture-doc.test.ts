/**
 * docs/architecture.md draws `src/` as its layers: each layer it names is a folder of `src/`, every folder of `src/`
 * is named, and every folder or file it lists under a layer exists there (or, for `handlers/` and `scenarios/`, at
 * the repository's top).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const doc = readFileSync('docs/architecture.md', 'utf8')
const tree = /```text\nsrc\/\n([\s\S]*?)```/.exec(doc)?.[1] ?? ''

/** Each layer of the drawing with the names listed beside it (`node/`, `cli.ts`, …). */
function layers(): Map<string, string[]> {
  const drawn = new Map<string, string[]>()
  let current = ''
  for (const line of tree.split('\n')) {
    const layer = /^ {2}([a-z-]+)\//.exec(line)
    if (layer?.[1]) {
      current = layer[1]
      drawn.set(current, [])
    }
    const names = line.match(/(?<![\w./<-])[a-z][\w-]*(?:\/|\.ts)(?![\w<])/g) ?? []
    drawn.get(current)?.push(...names.filter((name) => name !== `${current}/`))
  }
  return drawn
}

describe('docs/architecture.md', () => {
  it('names each folder of src/ as a layer, and nothing else', () => {
    const folders = readdirSync('src', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
    expect([...layers().keys()].sort()).toEqual(folders)
  })

  it('lists only what exists in each layer', () => {
    const missing: string[] = []
    for (const [layer, names] of layers()) {
      for (const name of names) {
        const path = name.replace(/\/$/, '')
        if (!existsSync(join('src', layer, path)) && !existsSync(path))
          missing.push(`${layer}: ${name}`)
      }
    }
    expect(tree).not.toBe('')
    expect(missing).toEqual([])
  })
})
