/**
 * The inspector page's contract with a service: the sections a service adds to the page (`InspectorParts`,
 * the `inspector` member of its registration) and what its panel script draws them with (`InspectorPanel`,
 * `InspectorKit`). A service's panel is browser source in its own folder (`src/services/<name>/inspector-panel.ts`),
 * bundled at build time (`scripts/bundle-inspector.mjs`) into text its registration hands over; the page runs
 * that text before its own script, and the panel adds itself to the page's list (`inspectorPanels.push(panel)`).
 * Types only: nothing here runs.
 * @module
 */

/** One `<section>` of the page: its HTML id (its body is `<div id="<id>-body">`) and its heading. */
export interface InspectorSection {
  readonly id: string
  readonly title: string
}

/** A service's part of the inspector page, as its registration gives it. */
export interface InspectorParts {
  /** The service's sections, in the order the page shows them (after the simulator's own). */
  readonly sections: readonly InspectorSection[]
  /**
   * The panel's bundled browser script (generated: `inspector-panel.generated.ts`), run before the page's;
   * loaded when the page is first served, so that a simulator in a browser never carries it.
   */
  script(): Promise<string>
}

/** What the page lends a panel: its HTML helpers and its way to call the control surface. */
export interface InspectorKit {
  /** The page's element with this id (throws when there is none). */
  element(id: string): HTMLElement
  /** Text escaped for HTML (`null` and `undefined` as empty). */
  esc(value: unknown): string
  /** An e-mail address, escaped, that may wrap after its @ and its dots rather than anywhere. */
  address(value: unknown): string
  /** Compact JSON, escaped, that may wrap after its commas and colons rather than in a word. */
  json(text: string): string
  /** A table of HTML cells; the columns listed in `nowrap` (by index) hold short values that never wrap. */
  table(
    head: readonly string[],
    rows: ReadonlyArray<readonly string[]>,
    nowrap?: readonly number[],
  ): string
  /** A note when the state carries only the first `shown` of `count` tenants (the poll is bounded in total). */
  shownOf(shown: number, count: number, what: string): string
  /** Calls the control surface below its prefix (`PUT /messaging/acme/feature-level`); throws its error message. */
  call<Answer = unknown>(method: string, path: string, body?: unknown): Promise<Answer>
  /** Runs an action, says `done(answer)` when it worked (its error when not), and polls again. */
  act<Answer>(work: () => Promise<Answer>, done?: (answer: Answer) => string): void
}

/** A service's panel, as its script adds it to the page. */
export interface InspectorPanel<Part = unknown> {
  /** The service whose part of the polled state (`state[service]`) the panel draws. */
  readonly service: string
  /** Draws the service's sections from its part of the state, whenever the state changed. */
  render(part: Part, kit: InspectorKit): void
  /** Wires the panel's actions, once, when the page loads. */
  setup?(kit: InspectorKit): void
}
