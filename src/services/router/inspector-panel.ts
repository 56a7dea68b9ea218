/**
 * The router's panel of the inspector page (browser source, bundled by `scripts/bundle-inspector.mjs` into
 * `inspector-panel.generated.ts`): each workspace's presets with their versions, and the scripted answers to
 * inference requests, from the router's part of the polled state (`inspect.ts`). Its sections (the
 * elements it draws in) are named in its registration (`definition.ts`).
 * @module
 */
import type { InspectorKit, InspectorPanel } from '../../engine/core/inspector-panel.js'
import type { inspectRouter } from './inspect.js'

type RouterPart = ReturnType<typeof inspectRouter>

declare const inspectorPanels: InspectorPanel<RouterPart>[]

function renderPresets(router: RouterPart, { element, esc, json, table, shownOf }: InspectorKit) {
  element('presets-body').innerHTML =
    shownOf(router.workspaces.length, router.workspaceCount, 'workspaces') +
    router.workspaces
      .map(
        (w) =>
          `<h3 title="workspace ${esc(w.id)}">${esc(w.name)}${w.presetWrites === 'management-only' ? ' <span class="tag">management keys write</span>' : ''}${
            w.presetCount > w.presets.length
              ? ` <span class="muted">${w.presets.length} of ${w.presetCount} presets</span>`
              : ''
          }</h3>${table(
            ['slug', 'status', 'updated', 'versions'],
            w.presets.map((p) => [
              `<strong>${esc(p.slug)}</strong>`,
              esc(p.status),
              esc(p.updated_at),
              (p.versionCount > p.versions.length
                ? `<div class="muted">${p.versions.length} of ${p.versionCount} versions</div>`
                : '') +
                p.versions
                  .map(
                    (v) =>
                      `<div><strong>v${v.version}</strong>${v.id === p.designated_version_id ? ' (designated)' : ''}${
                        v.system_prompt ? `<pre>${esc(v.system_prompt)}</pre>` : ''
                      }<pre>${json(v.config)}</pre></div>`,
                  )
                  .join(''),
            ]),
            [1],
          )}`,
      )
      .join('')
}

/** The router's scripted answers: what each matches, how many answers, where it came from, how often it answered. */
function renderScripts(router: RouterPart, { element, esc, table, shownOf }: InspectorKit) {
  const { scripts, scriptCount } = router
  element('scripts-body').innerHTML =
    shownOf(scripts.length, scriptCount, 'scripts') +
    table(
      ['id', 'match', 'answers', 'from', 'calls'],
      scripts.map((s) => [
        String(s.id),
        esc((s.name ? `${s.name}: ` : '') + (s.match === '{}' ? 'every inference' : s.match)),
        String(s.responses),
        esc(s.source),
        String(s.calls),
      ]),
      [0, 2, 3, 4],
    )
}

inspectorPanels.push({
  service: 'router',
  render(router, kit) {
    renderPresets(router, kit)
    renderScripts(router, kit)
  },
})
