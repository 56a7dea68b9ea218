/**
 * Which `Host` the standalone server answers, against DNS rebinding: a page on `attacker.example` whose
 * name the attacker then points at 127.0.0.1 reaches the server with `Host: attacker.example:4010`, and
 * would otherwise read every key from discovery. As Vite's `server.allowedHosts` and webpack-dev-server's
 * `allowedHosts` do, the server answers only:
 *
 * - `localhost` and names under `.localhost` (browsers resolve them to loopback themselves);
 * - any IP address (`127.0.0.1`, `[::1]`, the machine's LAN addresses when bound to `0.0.0.0`): a
 *   rebinding attack needs a name, a browser that sends an address connected to that address;
 * - the name the server is bound to (`host: 'mybox.lan'`);
 * - the names the user allows (`allowedHosts`): `mybox.lan` exactly, `.example.test` for the name and
 *   every name below it; `true` answers every host (behind a proxy or a tunnel that rewrites nothing).
 *
 * Any port is accepted. Anything else, and a request without `Host`, is refused 403 in the control
 * surface's error shape, naming the host and how to allow it.
 * @module
 */
import { isIPv4, isIPv6 } from 'node:net'

/** `true` answers every host; a list adds names (`.example.test`: the name and every name below). */
export type AllowedHosts = readonly string[] | true

const NAME = /^\.?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/

/** Checks and normalises the `allowedHosts` option (lower case, no trailing dot). */
export function checkAllowedHosts(value: unknown): AllowedHosts {
  if (value === undefined) return []
  if (value === true) return true
  const bad = (why: string) =>
    new TypeError(`[understudy] Failed to start the server: allowedHosts ${why}.`)
  if (!Array.isArray(value)) throw bad('must be a list of host names, or true for every host')
  return value.map((entry: unknown) => {
    if (typeof entry !== 'string' || !NAME.test(entry.toLowerCase()))
      throw bad(
        `takes host names without scheme or port (like "mybox.lan" or ".example.test"), got ${JSON.stringify(entry)}`,
      )
    return entry.toLowerCase().replace(/\.$/, '')
  })
}

/** The host name of a `Host` header, lower case, without port, brackets or trailing dot. */
function hostName(header: string): string | undefined {
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::[0-9]*)?$/i.exec(header)
  if (!match) return undefined
  if (match[1] !== undefined) return isIPv6(match[1]) ? match[1].toLowerCase() : undefined
  return (match[2] as string).toLowerCase().replace(/\.$/, '')
}

/**
 * Builds the check of one server: `undefined` when a `Host` header may be answered, otherwise the
 * message of the 403.
 */
export function createHostCheck(
  boundHost: string,
  allowed: AllowedHosts,
): (header: string | undefined) => string | undefined {
  if (allowed === true) return () => undefined
  const bound = boundHost.toLowerCase().replace(/\.$/, '')
  const exact = new Set(allowed.filter((name) => !name.startsWith('.')))
  const suffixes = allowed.filter((name) => name.startsWith('.'))
  const accepts = (name: string) =>
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    isIPv4(name) ||
    isIPv6(name) ||
    name === bound ||
    exact.has(name) ||
    suffixes.some((suffix) => name === suffix.slice(1) || name.endsWith(suffix))
  // Clients send one `Host` over and over: the last one accepted is accepted again without parsing it.
  let accepted: string | undefined
  return (header) => {
    if (header === accepted && header !== undefined) return undefined
    if (header === undefined || header === '')
      return 'The request has no Host header; Understudy answers only requests that name their host.'
    const name = hostName(header)
    if (name !== undefined && accepts(name)) {
      accepted = header
      return undefined
    }
    const shown = name ?? header
    return `Host "${header}" is not allowed. Understudy answers localhost, IP addresses and the host names you allow: startServer({ allowedHosts: ['${shown}'] }) or understudy-mock serve --allowed-host ${shown}.`
  }
}
