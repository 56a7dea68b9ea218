/** The extract of a whole (or already extracted) zulip.yaml text (`doc`: the text, parsed, if at hand). */
export declare function extractZulip(text: string, doc?: unknown): string
