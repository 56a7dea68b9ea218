/** The bytes of a kept description (`file` as provenance.json names it), gunzipped when it is kept as `<file>.gz`. */
export declare function readKept(folder: string, file: string): Buffer
/** Keeps a description: gzipped when `compressed` (a whole Zulip file), as it is otherwise. */
export declare function writeKept(
  folder: string,
  file: string,
  text: string,
  compressed: boolean,
): void
