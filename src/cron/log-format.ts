// The two log formats, apart from the logger itself so the CLI can offer the choice without loading pino.
export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
