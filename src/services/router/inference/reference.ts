/**
 * How a request names a preset: the three documented forms (docs/router-inference.md §1).
 * `"model": "@preset/<slug>"`, `"model": "<model>", "preset": "<slug>"` (chat only), and
 * `"model": "<model>@preset/<slug>"`.
 * @module
 */
import type { AppliedPreset } from '../../../engine/core/inference-meta.js'
import type { RouterIssue } from '../errors.js'
import { slugIssue } from '../params.js'
import { type Endpoint, PRESET_FIELD_ENDPOINTS } from './inferred.js'

const MARK = '@preset/'

/** A request's preset reference: the slug, the form, and the model the request names itself (forms 2, 3). */
export interface PresetReference {
  slug: string
  form: AppliedPreset['form']
  /** The model the request names beside the preset (forms 2 and 3), or `undefined`. */
  model: string | undefined
}

/**
 * The preset a request names (`null`: none), or the issues that stop it: a `preset` that is not a string,
 * a slug that is not one, a `preset` field and a `model` naming two different presets.
 */
export function presetReference(
  endpoint: Endpoint,
  body: Readonly<Record<string, unknown>>,
): { reference: PresetReference | null } | { issues: RouterIssue[] } {
  const model = typeof body.model === 'string' ? body.model : undefined
  const at = model?.indexOf(MARK) ?? -1
  const inModel: PresetReference | null =
    model === undefined || at < 0
      ? null
      : {
          slug: model.slice(at + MARK.length),
          form: at === 0 ? 'model' : 'model-suffix',
          model: at === 0 ? undefined : model.slice(0, at),
        }
  const issues: RouterIssue[] = []
  if (inModel) {
    const bad = slugIssue(inModel.slug)
    if (bad) issues.push({ path: 'model', message: `names a preset whose slug ${bad.message}` })
  }
  let reference = inModel
  if (PRESET_FIELD_ENDPOINTS.has(endpoint) && body.preset !== undefined) {
    const field = body.preset
    if (typeof field !== 'string') issues.push({ path: 'preset', message: 'must be a string' })
    else {
      const bad = slugIssue(field)
      if (bad) issues.push({ path: 'preset', message: bad.message })
      else if (inModel && inModel.slug !== field)
        issues.push({ path: 'preset', message: `names another preset than model (${model})` })
      else if (!inModel) reference = { slug: field, form: 'field', model }
    }
  }
  return issues.length > 0 ? { issues } : { reference }
}
