#!/usr/bin/env node
// Turns a run of the Zulip oracle (../shared/oracle/zulip/run-oracle.sh: its JSON answers) into a HAR with
// every credential removed, as the kept recordings are: Authorization `Basic base64("<e-mail>:understudy-
// redacted-<account>")`, passwords `understudy-redacted-password`. Each entry's `comment` is the step's name
// (from the request file's `name`, else `METHOD path`), `_oracle` the exchange, the acting account and the name.
// Usage: node answers2har.mjs REQUESTS.json ANSWERS.json ACCOUNTS.json "<log comment>" STARTED_ISO > out.har
import { readFileSync } from 'node:fs'

const [requestsFile, answersFile, accountsFile, logComment, startedIso] = process.argv.slice(2)
const requests = JSON.parse(readFileSync(requestsFile, 'utf8'))
const run = JSON.parse(readFileSync(answersFile, 'utf8'))
const accounts = JSON.parse(readFileSync(accountsFile, 'utf8')).accounts
const HOST = 'localhost:9991'
const b64 = (text) => Buffer.from(text).toString('base64')
const started = Date.parse(startedIso)

/** The request's account name and the e-mail its Basic header names. */
function account(auth) {
  if (auth === null || auth === undefined) return undefined
  if (typeof auth === 'string') return { name: auth, email: accounts[auth].email }
  const known = Object.entries(accounts).find(([, a]) => a.email === auth.email)
  return { name: known ? known[0] : 'unknown', email: auth.email }
}

const redactForm = (form) =>
  Object.fromEntries(
    Object.entries(form ?? {}).map(([k, v]) => [
      k,
      k === 'password'
        ? 'understudy-redacted-password'
        : typeof v === 'string'
          ? v
          : JSON.stringify(v),
    ]),
  )

const entries = run.answers.map((answer, i) => {
  const step = requests[i]
  const sent = answer.request ?? {}
  const who = account(step.auth)
  const url = new URL(`http://${HOST}${sent.path ?? step.path}`)
  for (const [k, v] of Object.entries(step.query ?? {}))
    url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v))
  const headers = [{ name: 'Host', value: HOST }]
  if (who)
    headers.push({
      name: 'Authorization',
      value: `Basic ${b64(`${who.email}:understudy-redacted-${who.name}`)}`,
    })
  let postData
  if (step.form && (sent.method ?? step.method) !== 'GET') {
    const form = redactForm(sent.form ?? step.form)
    const text = new URLSearchParams(form).toString()
    headers.push({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' })
    headers.push({ name: 'Content-Length', value: String(Buffer.byteLength(text)) })
    postData = {
      mimeType: 'application/x-www-form-urlencoded',
      text,
      params: Object.entries(form).map(([name, value]) => ({ name, value })),
    }
  }
  const body = answer.raw_body ?? ''
  const responseHeaders = Object.entries(answer.headers ?? {}).map(([name, value]) => ({
    name,
    value: String(value),
  }))
  const type = answer.headers?.['Content-Type'] ?? ''
  const at = new Date(started + Math.round(i * 100)).toISOString()
  return {
    startedDateTime: at,
    time: answer.elapsed_ms ?? 0,
    request: {
      method: sent.method ?? step.method,
      url: url.toString(),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers,
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(postData ? { postData } : {}),
      headersSize: -1,
      bodySize: postData ? Buffer.byteLength(postData.text) : 0,
    },
    response: {
      status: answer.status,
      statusText: answer.status === 200 ? 'OK' : answer.status === 400 ? 'Bad Request' : '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: responseHeaders,
      content: { size: Buffer.byteLength(body), mimeType: type, text: body },
      redirectURL: '',
      headersSize: -1,
      bodySize: Buffer.byteLength(body),
    },
    cache: {},
    timings: { send: 0, wait: answer.elapsed_ms ?? 0, receive: 0 },
    comment: step.name ?? `${step.method} ${step.path}`,
    _oracle: { exchange: i, account: who?.name ?? null, name: step.name ?? null },
  }
})

process.stdout.write(
  `${JSON.stringify(
    {
      log: {
        version: '1.2',
        creator: {
          name: 'Zulip oracle (run-oracle.sh) + answers2har.mjs',
          version: `${run.zulip_version} FL ${run.feature_level}`,
        },
        comment: logComment,
        entries,
      },
    },
    null,
    1,
  )}\n`,
)
