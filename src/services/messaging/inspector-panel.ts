/**
 * The messaging service's panel of the inspector page (browser source, bundled by
 * `scripts/bundle-inspector.mjs` into `inspector-panel.generated.ts`): each organization with its feature
 * level (a form sets it), its newest accounts and welcome test messages, from the service's part of the
 * polled state (`inspect.ts`). Its sections (the elements it draws in) are named in its registration
 * (`definition.ts`).
 * @module
 */
import type { InspectorKit, InspectorPanel } from '../../engine/core/inspector-panel.js'
import type { inspectMessaging } from './inspect.js'

type MessagingPart = ReturnType<typeof inspectMessaging>

declare const inspectorPanels: InspectorPanel<MessagingPart>[]

function renderOrganizations(
  messaging: MessagingPart,
  { element, esc, address, table, shownOf }: InspectorKit,
) {
  element('organizations-body').innerHTML =
    shownOf(messaging.organizations.length, messaging.organizationCount, 'organizations') +
    messaging.organizations
      .map(
        (o) =>
          `<h3>${esc(o.name)} <span class="tag">${esc(o.subdomain)}</span> <span class="muted">${esc(o.baseUrl)}</span></h3>` +
          `<form data-level="${esc(o.subdomain)}"><label>feature level <input type="number" min="1" value="${o.featureLevel}" aria-label="Feature level of ${esc(o.subdomain)}" style="width: 6em"></label> <span class="muted">Zulip ${esc(o.zulipVersion)}</span> <button>Set</button></form>` +
          (o.userCount > o.users.length
            ? `<p class="muted">the newest ${o.users.length} of ${o.userCount} accounts</p>`
            : '') +
          table(
            ['id', 'email', 'name', 'role', 'state'],
            o.users.map((u) => [
              String(u.userId),
              address(u.email),
              esc(u.fullName),
              esc(u.role) +
                (u.canCreateUsers ? ' · can_create_users' : '') +
                (u.bot ? ' · bot' : ''),
              u.isActive ? 'active' : 'deactivated',
            ]),
            [0, 4],
          ) +
          `<h3>Welcome test messages${
            o.messageCount > o.messages.length
              ? ` <span class="muted">the newest ${o.messages.length} of ${o.messageCount}</span>`
              : ''
          }</h3>` +
          table(
            ['id', 'to', 'sent', 'content'],
            o.messages.map((m) => [
              String(m.id),
              address(m.recipientEmail),
              esc(m.sentAt),
              `<pre>${esc(m.content)}</pre>`,
            ]),
            [0],
          ),
      )
      .join('')
}

/** An organization's feature-level form sets its level through the control surface. */
function setUpFeatureLevels({ act, call }: InspectorKit) {
  document.addEventListener('submit', (event) => {
    const target = event.target
    if (!(target instanceof HTMLFormElement)) return
    const subdomain = target.dataset.level
    if (!subdomain) return
    event.preventDefault()
    const level = target.querySelector('input')
    act(
      () =>
        call<{ subdomain: string; featureLevel: number }>(
          'PUT',
          `/messaging/${encodeURIComponent(subdomain)}/feature-level`,
          { featureLevel: Number(level?.value) },
        ),
      (a) => `${a.subdomain} at feature level ${a.featureLevel}`,
    )
  })
}

inspectorPanels.push({
  service: 'messaging',
  render: renderOrganizations,
  setup: setUpFeatureLevels,
})
