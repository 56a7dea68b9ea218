/**
 * A tiny static server for the browser example, on 127.0.0.1 only (a secure context, so service workers run).
 * Builds the example, then serves `examples/browser/dist/`:
 *
 *   node examples/browser/serve.mjs 5173     # then open http://127.0.0.1:5173/
 *   node examples/browser/serve.mjs          # any free port
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildExample, DIST } from './build.mjs'

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
}

/**
 * Serves the files of `root` on 127.0.0.1. Resolves once listening.
 * @param {{ root?: string, port?: number }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function startStaticServer({ root = DIST, port = 0 } = {}) {
  const base = resolve(root)
  const server = createServer(async (request, response) => {
    /** @param {number} status @param {string} text */
    const send = (status, text) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(request.method === 'HEAD' ? undefined : text)
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(405, 'Method Not Allowed')
    let pathname
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    } catch {
      return send(400, 'Bad Request')
    }
    if (pathname.endsWith('/')) pathname += 'index.html'
    const file = resolve(base, `.${pathname}`)
    if (!file.startsWith(base + sep)) return send(404, 'Not Found')
    try {
      const info = await stat(file)
      if (!info.isFile()) return send(404, 'Not Found')
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-store',
      })
      if (request.method === 'HEAD') return response.end()
      createReadStream(file).pipe(response)
    } catch {
      send(404, 'Not Found')
    }
  })
  await new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail)
      done(undefined)
    })
  })
  const address = server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    close: () =>
      new Promise((done, fail) => {
        server.close((error) => (error ? fail(error) : done(undefined)))
        server.closeAllConnections()
      }),
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const port = Number(process.argv[2] ?? 0)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`Usage: node examples/browser/serve.mjs [port]\n`)
    process.exit(2)
  }
  await buildExample()
  const { url } = await startStaticServer({ root: DIST, port })
  process.stdout.write(`Serving the browser example at ${url}/ (Ctrl-C stops)\n`)
}
