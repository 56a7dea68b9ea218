/** `GET /api/v1/server_settings`: the server's version, feature level and login options, without authentication. */
import { header } from '../../src/core/http.js'
import type { MessagingOperation } from '../../src/messaging/context.js'
import { getServerSettings as settings } from '../../src/messaging/reads.js'

export const getServerSettings = {
  name: 'get-server-settings' as const,
  method: 'GET',
  path: '/api/v1/server_settings',
  access: 'public',
  handle: (call, request) => settings(call, header(request, 'user-agent')),
} satisfies MessagingOperation
