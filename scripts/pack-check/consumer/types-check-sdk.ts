/**
 * Type-checked (not run) against the installed declarations: `simulator.fetch` fits `@openrouter/sdk`'s fetcher.
 * Checked with `skipLibCheck` on (tsconfig.sdk.json): under TypeScript 7 the SDK's own declarations (1.3.19,
 * `lib/event-streams.d.ts`) do not type-check against TypeScript's DOM library (TS2416, `EventStream`'s async
 * iterator lacks `Symbol.asyncDispose`), with or without Understudy.
 */
import { type Fetcher, HTTPClient } from '@openrouter/sdk'
import { createSimulator } from 'understudy-mock'

const simulator = createSimulator()
const fetcher: Fetcher = simulator.fetch
const client = new HTTPClient({ fetcher: simulator.fetch })

export { client, fetcher }
