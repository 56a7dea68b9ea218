/**
 * Child processes for the pack check and the doc checker: run one with its output inherited or held back, or
 * capture its stdout.
 * @module
 */
import { spawn } from 'node:child_process'

/**
 * Runs a command; resolves with its exit code. With `prefix`, its output is held back and printed at the end,
 * each line prefixed (for commands that run side by side); otherwise it is inherited.
 */
export function run(command, args, { prefix, ...options } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      ...options,
    })
    let held = ''
    const hold = (chunk) => {
      held += chunk
    }
    child.stdout?.on('data', hold)
    child.stderr?.on('data', hold)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (prefix) {
        const lines = held
          .split('\n')
          .filter((line) => line && !line.includes('Unknown user config'))
        process.stdout.write(lines.map((line) => `${prefix} ${line}\n`).join(''))
      }
      resolvePromise(signal ? 1 : (code ?? 1))
    })
  })
}

/** Runs a command and collects its stdout; rejects when it fails. */
export function capture(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolvePromise(out)
        : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    )
  })
}

/**
 * Runs a command in its own process group with a time limit; resolves with `{ code, output, timedOut }`
 * (stdout and stderr together). On timeout the whole group is killed.
 */
export function collect(command, args, { timeoutMs = 60_000, ...options } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      ...options,
    })
    let output = ''
    let timedOut = false
    const hold = (chunk) => {
      output += chunk
    }
    child.stdout.on('data', hold)
    child.stderr.on('data', hold)
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child, 'SIGKILL')
    }, timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolvePromise({ code: signal ? 1 : (code ?? 1), output, timedOut })
    })
  })
}

/** Sends a signal to a detached child's whole process group (the child itself when that fails). */
export function killGroup(child, signal = 'SIGTERM') {
  try {
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {
      // already gone
    }
  }
}
