/**
 * The inspector page's elements by id, typed: each lookup throws when the page has no such element of
 * that kind, so a renamed id fails at once rather than later.
 * @module
 */

function byId<T extends HTMLElement>(id: string, kind: new () => T): T {
  const found = document.getElementById(id)
  if (!(found instanceof kind)) throw new Error(`the inspector has no ${kind.name} #${id}`)
  return found
}

export const element = (id: string): HTMLElement => byId(id, HTMLElement)
export const input = (id: string): HTMLInputElement => byId(id, HTMLInputElement)
export const select = (id: string): HTMLSelectElement => byId(id, HTMLSelectElement)
export const form = (id: string): HTMLFormElement => byId(id, HTMLFormElement)
export const button = (id: string): HTMLButtonElement => byId(id, HTMLButtonElement)
