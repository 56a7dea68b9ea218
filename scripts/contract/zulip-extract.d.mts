/** The extract of a whole (or already extracted) zulip.yaml text (`doc`: the text, parsed, if at hand). */
export declare function extractZulip(text: string, doc?: unknown): string
/** The `$ref`s a parsed node holds, anywhere inside it (`#/components/<kind>/<name>`). */
export declare function refs(node: unknown, into?: Set<string>): Set<string>
