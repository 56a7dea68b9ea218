/**
 * The disposable e-mail domains the simulator refuses (Zulip uses the `disposable-email-domains` package,
 * thousands of entries; this is a documented sample of well-known ones, plus `mailnator.com` from
 * Zulip's own tests). Matching is on the lower-cased domain, exact (no subdomains), like the real check.
 * @module
 */
const DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set([
  '10minutemail.com',
  'discard.email',
  'dispostable.com',
  'fakeinbox.com',
  'getairmail.com',
  'getnada.com',
  'guerrillamail.com',
  'guerrillamail.net',
  'maildrop.cc',
  'mailinator.com',
  'mailnator.com',
  'mintemail.com',
  'mohmal.com',
  'sharklasers.com',
  'spamgourmet.com',
  'temp-mail.org',
  'tempmail.com',
  'throwawaymail.com',
  'trashmail.com',
  'yopmail.com',
])

/** Whether a domain is on the disposable list. */
export function isDisposableDomain(domain: string): boolean {
  return DISPOSABLE_DOMAINS.has(domain.toLowerCase())
}
