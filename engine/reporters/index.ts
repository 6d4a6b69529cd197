/**
 * The output formats of the gates and of the brainstorm detector, each a reporter module imported only
 * when asked for, so a plain `doctor` loads the text reporter alone.
 */
import { UsageError } from '../errors';
import type { Reporter } from './report';

/** Every `--format` value, the default first. */
export const FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
export type Format = (typeof FORMATS)[number];

const LOADERS: Readonly<Record<Format, () => Promise<Reporter>>> = {
  text: async () => (await import('./text')).textReporter,
  json: async () => (await import('./json')).jsonReporter,
  sarif: async () => (await import('./sarif')).sarifReporter,
  junit: async () => (await import('./junit')).junitReporter,
  github: async () => (await import('./github')).githubReporter,
};

/**
 * The format the options ask for: `--format`, or `--json` (its short form), else text. `--json` beside
 * another `--format` is a usage error, not a silent pick; commander already refuses a value outside
 * FORMATS, and this refuses it too for a caller that did not go through commander.
 */
export function formatOf(options: { readonly json?: boolean; readonly format?: string }): Format {
  const { json, format } = options;
  if (format !== undefined && !(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`unknown format ${JSON.stringify(format)} (the formats are ${FORMATS.join(', ')})`);
  }
  if (json === true && format !== undefined && format !== 'json') {
    throw new UsageError(`--json asks for the json format and --format for ${format} (give one of them)`);
  }
  return json === true ? 'json' : ((format as Format | undefined) ?? 'text');
}

/** The reporter of `format`, imported now. */
export function loadReporter(format: Format): Promise<Reporter> {
  return LOADERS[format]();
}
