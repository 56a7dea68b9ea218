/**
 * URL resolution as Django does it for the real server: the percent-decoded path is matched against the
 * operations' paths in order; the first match names the route, and every operation on that same path
 * gives the route's methods (a Zulip `rest_path`). Path converters: `int` is `[0-9]+`, `str` any
 * non-empty segment. A route newer than the organization's feature level does not exist.
 * @module
 */
import type { MessagingOperation } from './context.js'
import { decodeUtf8Lenient } from './python.js'

/** A resolved route: its operations (one per method, in declaration order) and path parameters. */
export interface ResolvedRoute {
  operations: MessagingOperation[]
  params: Record<string, string>
}

/** Percent-decodes a URL path as the WSGI server does; malformed escapes are kept as sent. */
export function decodePath(path: string): string {
  if (!path.includes('%')) return path
  const bytes: number[] = []
  for (let i = 0; i < path.length; i++) {
    const hex = path.slice(i + 1, i + 3)
    if (path[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      for (const byte of new TextEncoder().encode(path[i] as string)) bytes.push(byte)
    }
  }
  return decodeUtf8Lenient(new Uint8Array(bytes))
}

const CONVERTERS = { int: /^[0-9]+$/, str: /^[^/]+$/ } as const

/** Builds the resolver of an ordered operation list. */
export function createMessagingRoutes(operations: readonly MessagingOperation[]) {
  const compiled = operations.map((operation) => ({
    operation,
    segments: operation.path.split('/').slice(1),
  }))

  const match = (segments: string[], parts: string[], operation: MessagingOperation) => {
    if (segments.length !== parts.length) return undefined
    const params: Record<string, string> = {}
    for (let i = 0; i < parts.length; i++) {
      const pattern = segments[i] as string
      const part = parts[i] as string
      if (pattern.startsWith(':')) {
        const name = pattern.slice(1)
        if (!CONVERTERS[operation.converters?.[name] ?? 'str'].test(part)) return undefined
        params[name] = part
      } else if (pattern !== part) return undefined
    }
    return params
  }

  return {
    operations,
    /** The route for a decoded path at a feature level, or `undefined` (the HTML 404). */
    resolve(path: string, featureLevel: number): ResolvedRoute | undefined {
      const parts = path.split('/').slice(1)
      const available = compiled.filter(({ operation }) => (operation.since ?? 0) <= featureLevel)
      for (const { operation, segments } of available) {
        const params = match(segments, parts, operation)
        if (!params) continue
        const group = available
          .filter((entry) => entry.operation.path === operation.path)
          .map((entry) => entry.operation)
        return { operations: group, params }
      }
      return undefined
    },
  }
}

export type MessagingRoutes = ReturnType<typeof createMessagingRoutes>
