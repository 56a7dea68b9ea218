/** Types of check.mjs, for the tests that import it. */
import type { Block, Plan, Problem } from './blocks.mjs'

export function checkDocs(options: {
  root: string
  project: string
  binary: string
  shell: boolean
  log: (line: string) => void
}): Promise<{ failures: Problem[]; fragments: string[]; ran: number }>

export function typeErrors(
  output: string,
  base: string,
  written: Map<string, Block & { plan: Plan }>,
): Problem[]
