/**
 * PLACEHOLDER — the messaging service is being written; this stub answers nothing.
 * @module
 */
import type { Service, ServiceContext } from '../core/service.js'

export interface MessagingServiceOptions {
  baseUrl: string
  featureLevel?: number | undefined
}

export interface MessagingService extends Service {}

export function createMessagingService(_context: ServiceContext, _options: MessagingServiceOptions): MessagingService {
  return {
    name: 'messaging',
    patterns: () => [],
    handle: async () => undefined,
    load: async () => {},
  }
}
