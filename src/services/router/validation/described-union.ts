/**
 * The unions of the described schemas (`anyOf`, `oneOf`, with or without an OpenAPI discriminator): which
 * branch judges a value, and which one reports a value none accepts (the discriminator's, else the one whose
 * single-valued `type`/`role`/`id` it names, else the one with the fewest issues). `described.ts` compiles the
 * branches and hands them in.
 * @module
 */
import {
  type DescribedIssue,
  either,
  enumMessage,
  isKind,
  isObject,
  type Kind,
  type Validator,
  WORDS,
} from './described-validator.js'

export interface Union {
  accept(value: unknown): boolean
  check(value: unknown, path: PropertyKey[], out: DescribedIssue[]): void
  kinds(): ReadonlySet<Kind> | undefined
  /** Every branch's allowed strings when each branch is a string enum (`'auto' | 'none'`). */
  allowed(): ReadonlySet<string> | undefined
}

/**
 * A union (`anyOf`/`oneOf`) of compiled branches: accepted by any branch; a failure is reported through one
 * branch. `propertyName` and `mapping` are the OpenAPI discriminator's, when the schema has one (each tag's
 * validator).
 */
export function createUnion(
  branches: readonly Validator[],
  propertyName: string | undefined,
  mapping: ReadonlyMap<string, Validator>,
): Union {
  const kinds = (): ReadonlySet<Kind> | undefined => {
    const all = new Set<Kind>()
    for (const branch of branches) {
      const ks = branch.kinds()
      if (ks === undefined) return undefined
      for (const k of ks) all.add(k)
    }
    return all
  }

  let allowedCache: ReadonlySet<string> | null | undefined
  const allowed = (): ReadonlySet<string> | undefined => {
    if (allowedCache === undefined) {
      const all = new Set<string>()
      for (const branch of branches) {
        const some = branch.allowed()
        if (some === undefined) {
          allowedCache = null
          return undefined
        }
        for (const value of some) all.add(value)
      }
      allowedCache = all
    }
    return allowedCache ?? undefined
  }

  const fits = (branch: Validator, value: unknown) => {
    const ks = branch.kinds()
    return ks === undefined || [...ks].some((kind) => isKind(value, kind))
  }

  /**
   * The property that tells the branches apart: the discriminator's, else the first of `type`, `role`, `id`
   * that at least two branches give a single allowed value; `undefined` when none does. Computed on first
   * use (branches refer to schemas compiled lazily).
   */
  let tagKey: string | null | undefined
  const keyOf = (): string | undefined => {
    if (tagKey === undefined) {
      tagKey =
        propertyName ??
        ['type', 'role', 'id'].find(
          (key) => branches.filter((b) => b.tags().has(key)).length >= 2,
        ) ??
        null
    }
    return tagKey ?? undefined
  }

  /** The branches each tag names (the discriminator's mapping, else the branches' own tags), built once. */
  let index: Map<string, Validator[]> | undefined
  const indexOf = (key: string): Map<string, Validator[]> => {
    if (index === undefined) {
      index = new Map()
      for (const [tag, branch] of mapping) index.set(tag, [branch])
      if (mapping.size === 0) {
        for (const branch of branches) {
          for (const tag of branch.tags().get(key) ?? []) {
            const list = index.get(tag) ?? []
            list.push(branch)
            index.set(tag, list)
          }
        }
      }
    }
    return index
  }

  const NONE: Validator[] = []

  /** The branches whose tag (or the discriminator's mapping) names the value's; empty when none does. */
  function named_(value: Record<string, unknown>, key: string): readonly Validator[] {
    const tag = value[key]
    if (typeof tag !== 'string') return NONE
    const tags = indexOf(key)
    return tags.get(tag) ?? (tag.startsWith('router:') ? tags.get(`open${tag}`) : undefined) ?? NONE
  }

  /**
   * The branches that judge the value: those its tag names, when it names some (so a catch-all
   * `{type: string}` branch takes only the types no other branch claims, as the real service does:
   * `input[].tools[].max_uses: null` is refused although the description's catch-all would take it);
   * otherwise every branch.
   */
  function judges(value: unknown): readonly Validator[] {
    if (!isObject(value)) return branches
    const key = keyOf()
    if (key === undefined) return branches
    const picked = named_(value, key)
    return picked.length > 0 ? picked : branches
  }

  /** Why no branch takes an object whose tag names none, when every branch is tagged (or discriminated). */
  function tagIssue(
    value: Record<string, unknown>,
    candidates: readonly Validator[],
    path: PropertyKey[],
  ): DescribedIssue | undefined {
    const key = keyOf()
    if (key === undefined) return undefined
    const untagged = candidates.filter((b) => !b.tags().has(key) && !mapping.size)
    if (untagged.length > 0) return undefined
    const listed =
      mapping.size > 0
        ? [...mapping.keys()]
        : [...new Set(candidates.flatMap((b) => [...(b.tags().get(key) ?? [])]))]
    return {
      path: [...path, key],
      message: Object.hasOwn(value, key) ? `must be one of: ${listed.join(', ')}` : 'is required',
    }
  }

  const accept = (value: unknown) => judges(value).some((branch) => branch.accept(value))

  return {
    accept,
    check(value: unknown, path: PropertyKey[], out: DescribedIssue[]) {
      if (accept(value)) return
      const judging = judges(value)
      let candidates = judging.filter((branch) => fits(branch, value))
      const strings = typeof value === 'string' ? candidates.map((b) => b.allowed()) : []
      if (strings.length > 0 && strings.every((some) => some !== undefined)) {
        const listed = [...new Set(strings.flatMap((some) => [...(some ?? [])]))]
        const nullable = branches.some((b) => b.kinds()?.has('null'))
        out.push({ path, message: enumMessage(listed, nullable) })
        return
      }
      if (candidates.length === 0) {
        const all = kinds()
        const words = all === undefined ? ['a valid value'] : [...all].map((k) => WORDS[k])
        out.push({ path, message: `must be ${either(words)}` })
        return
      }
      if (isObject(value) && judging === branches) {
        const issue = tagIssue(value, candidates, path)
        if (issue !== undefined) {
          out.push(issue)
          return
        }
        const key = keyOf()
        if (key !== undefined) {
          const untagged = candidates.filter((b) => !b.tags().has(key))
          if (untagged.length > 0) candidates = untagged
        }
      }
      let best: DescribedIssue[] | undefined
      for (const branch of candidates) {
        const found: DescribedIssue[] = []
        branch.check(value, path, found)
        if (best === undefined || found.length < best.length) best = found
      }
      out.push(...(best ?? []))
    },
    kinds,
    allowed,
  }
}
