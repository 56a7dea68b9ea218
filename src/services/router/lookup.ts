/**
 * The checks every read by slug makes after authentication: slug (400), the preset (404).
 * @module
 */
import type { PlainResponse } from '../../engine/core/http.js'
import type { OperationRequest } from '../../engine/core/routes.js'
import type { RouterCall } from './context.js'
import { invalidParameters, type RouterIssue, routerError, routerMessages } from './errors.js'
import { slugIssue } from './params.js'
import type { PresetRecord } from './records.js'

/** Finds the slug's preset in the caller's workspace, or the error to answer. `extraIssues` join the slug's 400. */
export function findPreset(
  call: RouterCall,
  request: OperationRequest,
  extraIssues: RouterIssue[] = [],
): { preset: PresetRecord } | PlainResponse {
  const badSlug = slugIssue(request.params.slug ?? '')
  const issues = badSlug ? [badSlug, ...extraIssues] : extraIssues
  if (issues.length > 0) return invalidParameters(issues)
  const preset = call.store.preset(call.principal.workspace.id, request.params.slug ?? '')
  if (!preset) return routerError(404, routerMessages.presetNotFound)
  return { preset }
}
