/**
 * The default scenario's credentials and ids, in one place for every suite. No msw here, so suites that
 * do not intercept can import it without loading `msw/node`.
 */

/** The router keys. */
export const keys = {
  inference: 'sk-or-v1-understudy-default-inference',
  management: 'sk-or-v1-understudy-default-management',
  disabled: 'sk-or-v1-understudy-default-disabled',
  teamB: 'sk-or-v1-understudy-team-b-inference',
  lockedInference: 'sk-or-v1-understudy-locked-inference',
  lockedManagement: 'sk-or-v1-understudy-locked-management',
} as const

/** The router workspaces. */
export const workspaces = {
  default: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01',
  teamB: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e02',
  locked: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e03',
} as const

/** The owners of the router keys. */
export const users = {
  alice: 'user_2understudyAlice00000000',
  bob: 'user_2understudyBob000000000',
  carol: 'user_2understudyCarol0000000',
} as const

/** The messaging accounts of organization `acme`, with their user ids. */
export const accounts = {
  desdemona: { id: 1, email: 'desdemona@acme.example', key: 'OhbVrpoiVgRV5IfLBcbfnoGMbJmTPSIA' },
  iago: { id: 2, email: 'iago@acme.example', key: 'oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD' },
  othello: { id: 3, email: 'othello@acme.example', key: 'Ih7yfJs1ON43xKmTecQoXsf2o3gyrDO1' },
  hamlet: { id: 4, email: 'hamlet@acme.example', key: 'xkxwnQrS7RPeMOkIUpkDyr7OSJoRu1XX' },
  cordelia: { id: 5, email: 'cordelia@acme.example', key: 'do0cZuzren68K4TunPFz46PDjqipVJIq' },
  provisioner: {
    id: 6,
    email: 'provisioner-bot@acme.example',
    key: 'VLB5LzxoiGFfWd3hjOkYRBMeyyMDHqJ3',
  },
  welcomeBot: { id: 7, email: 'welcome-bot@zulip.com', key: '8aRUhR4IWrXPvhsBkDa9U4UqGWlG6g3O' },
} as const

/** `Authorization: Basic base64(email:key)` of a messaging account. */
export const basic = (account: { email: string; key: string }) =>
  `Basic ${Buffer.from(`${account.email}:${account.key}`).toString('base64')}`
