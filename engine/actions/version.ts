/** `version`: the name and version of this build, read from the build, never from a repository. */
import { say } from './shared';

declare const MAJORDOMUS_VERSION: string;

/** The version this build carries (`0.0.0-dev` when run from the sources). */
export const VERSION = typeof MAJORDOMUS_VERSION === 'string' ? MAJORDOMUS_VERSION : '0.0.0-dev';

export function runVersion(options: { readonly json?: boolean }): void {
  say(options.json ? JSON.stringify({ name: 'majordomus', version: VERSION }) : `majordomus ${VERSION}`);
}
