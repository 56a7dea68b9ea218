/**
 * The project's zod: zod 4's smaller entry, `zod/mini` (the same package, its functional API), with zod's
 * English messages set up as zod classic sets them up on its own: when no locale is configured yet (a
 * locale an application configured stays in force). Every module of the project takes zod from here,
 * never from `zod` (classic: one import of it brings all of classic back into a browser bundle) nor
 * straight from `zod/mini` (whose messages would be zod's bare "Invalid input"); decisions/zod-mini.md.
 * @module
 */
import { en } from 'zod/locales'
import { config } from 'zod/mini'

if (config().localeError === undefined) config(en())

export * from 'zod/mini'
