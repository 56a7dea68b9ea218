/**
 * The default scenario's router workspaces. Every key here is listed in docs/router.md (Default scenario
 * credentials).
 * @module
 */
import type { RouterScenarioInput } from '../../src/services/router/scenario-schema.js'

type WorkspaceInput = RouterScenarioInput['workspaces'][number]

export const defaultWorkspace = {
  id: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01',
  name: 'Default',
  keys: [
    {
      key: 'sk-or-v1-understudy-default-inference',
      label: 'Default workspace inference key',
      kind: 'inference',
      userId: 'user_2understudyAlice00000000',
    },
    {
      key: 'sk-or-v1-understudy-default-management',
      label: 'Default workspace management key',
      kind: 'management',
      userId: 'user_2understudyAlice00000000',
    },
    {
      key: 'sk-or-v1-understudy-default-disabled',
      label: 'Default workspace disabled key',
      kind: 'inference',
      disabled: true,
      userId: 'user_2understudyAlice00000000',
    },
  ],
} satisfies WorkspaceInput

export const teamBWorkspace = {
  id: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e02',
  name: 'Team B',
  keys: [
    {
      key: 'sk-or-v1-understudy-team-b-inference',
      label: 'Team B inference key',
      kind: 'inference',
      userId: 'user_2understudyBob000000000',
    },
  ],
} satisfies WorkspaceInput

export const lockedWorkspace = {
  id: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e03',
  name: 'Locked',
  presetWrites: 'management-only',
  keys: [
    {
      key: 'sk-or-v1-understudy-locked-inference',
      label: 'Locked workspace inference key (may read, may not write presets)',
      kind: 'inference',
      userId: 'user_2understudyCarol0000000',
    },
    {
      key: 'sk-or-v1-understudy-locked-management',
      label: 'Locked workspace management key',
      kind: 'management',
      userId: 'user_2understudyCarol0000000',
    },
  ],
} satisfies WorkspaceInput

export const defaultRouter = {
  workspaces: [defaultWorkspace, teamBWorkspace, lockedWorkspace],
} satisfies RouterScenarioInput
