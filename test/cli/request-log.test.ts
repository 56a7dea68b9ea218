/**
 * The request log's format (`understudy-mock serve --log`, `--log json`), on journal events; the CLI printing it
 * is in serve.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { JournalEvent } from '../../src/engine/journal/entry.js'
import { formatRequest } from '../../src/entries/cli/request-log.js'

const event: JournalEvent = {
  seq: 7,
  time: Date.parse('2026-01-01T00:00:01.250Z'),
  service: 'router',
  tenant: '0b7e6c1a-2f3d-4e5a-8b9c-0d1e2f3a4b5c',
  operation: 'listPresets',
  actor: 'Default workspace inference key',
  method: 'GET',
  path: '/presets',
  status: 200,
  durationMs: 1.2345,
  fault: null,
}

describe('the request log', () => {
  it('writes a text line: time, service, operation, status, duration, actor', () => {
    expect(formatRequest(event, 'text')).toBe(
      '2026-01-01T00:00:01.250Z router    listPresets                      200    1.2 ms  Default workspace inference key',
    )
  })

  it('names an unmatched request by method and path, a missing actor by a dash, and a fault', () => {
    const unmatched = { ...event, operation: null, actor: null, path: '/nowhere', status: 404 }
    expect(formatRequest(unmatched, 'text')).toBe(
      '2026-01-01T00:00:01.250Z router    GET /nowhere                     404    1.2 ms  -',
    )
    const faulted = {
      ...event,
      status: 503,
      durationMs: 250,
      fault: { id: 1, kind: 'status' as const },
    }
    expect(formatRequest(faulted, 'text')).toBe(
      '2026-01-01T00:00:01.250Z router    listPresets                      503  250.0 ms  Default workspace inference key  [fault: status]',
    )
  })

  it('shows the exception a request met', () => {
    const failed = {
      ...event,
      service: 'messaging',
      operation: 'create-user',
      actor: 'iago@zulip.com',
      status: 500,
      error: { message: 'boom', stack: 'at create (file:///x.js:1:2)' },
    }
    expect(formatRequest(failed, 'text')).toBe(
      '2026-01-01T00:00:01.250Z messaging create-user                      500    1.2 ms  iago@zulip.com  error: boom at create (file:///x.js:1:2)',
    )
  })

  it('keeps the status column in line for the longest operation name', () => {
    const welcome = formatRequest(
      {
        ...event,
        service: 'messaging',
        operation: 'test-welcome-bot-custom-message',
        actor: 'iago@zulip.com',
      },
      'text',
    )
    expect(welcome).toBe(
      '2026-01-01T00:00:01.250Z messaging test-welcome-bot-custom-message  200    1.2 ms  iago@zulip.com',
    )
    expect(welcome.indexOf(' 200 ')).toBe(formatRequest(event, 'text').indexOf(' 200 '))
  })

  it('writes one JSON object per line with the chosen fields only', () => {
    const line = formatRequest({ ...event, fault: { id: 2, kind: 'delay', delayMs: 5 } }, 'json')
    expect(line).not.toContain('\n')
    expect(JSON.parse(line)).toEqual({
      time: '2026-01-01T00:00:01.250Z',
      seq: 7,
      service: 'router',
      tenant: '0b7e6c1a-2f3d-4e5a-8b9c-0d1e2f3a4b5c',
      operation: 'listPresets',
      actor: 'Default workspace inference key',
      method: 'GET',
      path: '/presets',
      status: 200,
      durationMs: 1.2,
      fault: 'delay',
    })
  })

  it('never writes what an event might carry beyond its fields (a header, a key)', () => {
    const leaky = {
      ...event,
      headers: { authorization: 'Bearer sk-or-v1-secret' },
      apiKey: 'sk-or-v1-secret',
    } as JournalEvent
    for (const format of ['text', 'json'] as const) {
      expect(formatRequest(leaky, format)).not.toContain('secret')
    }
  })
})
