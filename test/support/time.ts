/** The instant every suite's simulator starts at (`createSimulator({ now: NOW })`), in one place. */
export const NOW = '2026-01-01T00:00:00.000Z'
