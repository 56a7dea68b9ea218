/**
 * A copy of plain data: arrays and plain objects copied all the way down (own enumerable keys, in order; an own
 * `__proto__` key stays an own key), anything else kept as it is. What a caller hands in or takes out of the
 * stores (a scenario's or snapshot's preset configs, `router.presets()`) goes through it, so that changing one's
 * own objects afterwards changes nothing stored, and nothing stored changes what the caller holds.
 * @module
 */
export function plainCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(plainCopy) as T
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {}
  for (const key of Object.keys(value)) {
    const item = plainCopy((value as Record<string, unknown>)[key])
    if (key === '__proto__')
      Object.defineProperty(copy, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    else copy[key] = item
  }
  return copy as T
}
