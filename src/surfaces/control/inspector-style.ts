/**
 * The inspector page's style sheet (plain CSS). Nothing is wider than a 420 px viewport: tables stack their
 * cells below 600 px, long codes and bodies wrap, forms wrap. Wider, a table column is at least as wide as its
 * longest word (words break only where they may: at a hyphen, or where the page put a `<wbr>`).
 * @module
 */

export const INSPECTOR_CSS = `
  :root { color-scheme: light; --line: #d8dbe0; --soft: #eef0f3; --muted: #5f6670; --accent: #2457c5; --bad: #b42318; --warn: #b54708; --ok: #067647; --ink: #1d2129; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #f6f7f9; }
  header { display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; padding: 10px 20px; background: #fff; border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 1; }
  header h1 { font-size: 18px; margin: 0; }
  header .meta { color: var(--muted); white-space: nowrap; }
  header .meta strong, header .meta span { color: var(--ink); }
  header .actions { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-left: auto; }
  main { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(520px, 100%), 1fr)); gap: 16px; padding: 16px 20px; }
  section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; min-width: 0; overflow-x: auto; }
  #journal { grid-column: 1 / -1; }
  section h2 { font-size: 15px; margin: 0 0 8px; display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; }
  section h2 .muted { font-size: 13px; font-weight: normal; }
  h3 { font-size: 14px; margin: 14px 0 4px; overflow-wrap: anywhere; }
  h3 .tag { font-size: 12px; font-weight: normal; }
  table { width: 100%; border-collapse: collapse; font-size: 13px; }
  th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: break-word; }
  th { color: var(--muted); font-weight: 600; white-space: nowrap; }
  td.nowrap { white-space: nowrap; overflow-wrap: normal; }
  code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
  pre { margin: 2px 0; white-space: pre-wrap; overflow-wrap: break-word; background: #f3f4f6; padding: 4px 6px; border-radius: 4px; max-height: 24em; overflow-y: auto; }
  .muted { color: var(--muted); }
  .tag { display: inline-block; padding: 0 6px; border-radius: 10px; background: var(--soft); color: var(--muted); font-size: 12px; }
  .status { display: inline-block; min-width: 3.2em; text-align: center; padding: 0 6px; border-radius: 10px; font-weight: 600; font-size: 12px; }
  .status-2 { color: var(--ok); background: #e3f4ea; } .status-3 { color: var(--accent); background: #e6edfb; }
  .status-4 { color: var(--warn); background: #fdf0e0; } .status-5, .status-0 { color: var(--bad); background: #fde7e5; }
  form { display: flex; flex-wrap: wrap; gap: 6px 8px; align-items: end; margin: 6px 0; }
  form label { display: flex; flex-direction: column; gap: 2px; font-size: 12px; color: var(--muted); min-width: 0; max-width: 100%; }
  input, select, button { font: inherit; font-size: 13px; padding: 3px 6px; max-width: 100%; min-width: 0; }
  input, select { border: 1px solid var(--line); border-radius: 4px; background: #fff; color: var(--ink); }
  select { max-width: 24em; }
  input:disabled { background: var(--soft); color: var(--muted); }
  button { cursor: pointer; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; }
  button.secondary { background: #fff; color: var(--accent); }
  #error { color: var(--bad); overflow-wrap: anywhere; }
  #notice { color: var(--ok); overflow-wrap: anywhere; }
  .warning { color: var(--warn); margin: 4px 0 8px; }
  .empty { color: var(--muted); font-style: italic; }
  .setting { border-top: 1px solid var(--soft); padding-top: 6px; margin-top: 6px; }
  .setting:first-of-type { border-top: 0; margin-top: 0; padding-top: 0; }
  .setting h3 { margin: 4px 0 0; }
  .quick { display: flex; flex-wrap: wrap; gap: 6px; }

  /* The journal: one <details> per request, its summary two lines that wrap. */
  #journal-filter { padding-bottom: 8px; border-bottom: 1px solid var(--line); }
  .entry { border-bottom: 1px solid var(--line); }
  .entry > summary { list-style: none; cursor: pointer; padding: 6px 4px 6px 18px; position: relative; }
  .entry > summary::-webkit-details-marker { display: none; }
  .entry > summary::before { content: "\\25B8"; position: absolute; left: 4px; top: 6px; color: var(--muted); }
  .entry[open] > summary::before { content: "\\25BE"; }
  .entry > summary:hover { background: #f8f9fb; }
  .entry .line { display: flex; flex-wrap: wrap; gap: 2px 10px; align-items: baseline; min-width: 0; }
  .entry .line + .line { margin-top: 2px; font-size: 13px; }
  .entry .seq { color: var(--muted); font-variant-numeric: tabular-nums; }
  .entry .op { font-weight: 600; }
  .entry .req, .entry .actor, .entry .message, .entry .tenant { overflow-wrap: anywhere; min-width: 0; }
  .entry .body { color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 100%; min-width: 0; flex: 0 1 auto; }
  .entry .message { color: var(--ink); }
  .entry .message::before { content: "\\2192  "; color: var(--muted); }
  .entry .actor::before { content: "by "; color: var(--muted); }
  .exchange { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 12px; margin: 0 0 10px 18px; padding: 8px 10px; background: #fafbfc; border: 1px solid var(--soft); border-radius: 6px; font-size: 13px; }
  .exchange dt { color: var(--muted); }
  .exchange dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }

  @media (max-width: 600px) {
    header, main { padding-left: 8px; padding-right: 8px; }
    main { gap: 10px; }
    section { padding: 10px; }
    header .actions { margin-left: 0; }
    table, thead, tbody, tr, td { display: block; }
    thead { display: none; }
    tr { padding: 4px 0; border-bottom: 1px solid var(--line); }
    td { border: 0; padding: 1px 4px; display: grid; grid-template-columns: 6.5em minmax(0, 1fr); gap: 6px; overflow-wrap: anywhere; }
    td::before { content: attr(data-label); color: var(--muted); font-size: 12px; }
    .exchange { grid-template-columns: minmax(0, 1fr); margin-left: 0; }
    .exchange dd { margin-bottom: 4px; }
  }
`
