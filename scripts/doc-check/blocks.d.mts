/** Types of blocks.mjs, for the tests that import it. */
export type Marker = 'fragment' | 'typecheck' | 'serves' | 'repo' | 'ci' | 'install'

export interface Block {
  file: string
  line: number
  lang: string
  markers: Marker[]
  code: string
}
export interface Problem {
  file: string
  line: number
  message: string
}
export interface Plan {
  kind:
    | 'skip'
    | 'fragment'
    | 'typecheck'
    | 'vitest'
    | 'jest'
    | 'module'
    | 'ci'
    | 'install'
    | 'serves'
    | 'shell'
  where: 'consumer' | 'repo'
  node: boolean
  fileName: string | undefined
}

export function docFiles(root: string): string[]
export function extractBlocks(
  markdown: string,
  file: string,
): { blocks: Block[]; problems: Problem[] }
export function classify(block: Block): Plan
export function blockFileName(block: Block, plan: Plan): string
export function pageDirName(file: string): string
export function readDocs(root: string): {
  pages: { file: string; blocks: (Block & { plan: Plan })[] }[]
  problems: Problem[]
}
export function commandLines(code: string): string[]
export function installedPackages(code: string): { packages: string[]; others: string[] }
