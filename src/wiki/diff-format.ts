// How a change is shown, apart from the differ so the CLI can offer the choice without loading it.
export const DIFF_FORMATS = ['cells', 'unified'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];
