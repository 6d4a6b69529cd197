/**
 * Whether the text output is coloured: on a terminal, unless the environment says otherwise, as Node's
 * own streams decide it. `FORCE_COLOR` decides first when it is set (`0` or `false`: never, any other
 * value: always, even into a pipe); then `NO_COLOR` with any value but the empty one turns colour off
 * (no-color.org); then a terminal other than `TERM=dumb` gets colour, and anything else — a pipe, a file,
 * a CI log — none.
 */

/** The environment variables that decide, by name. */
export const COLOUR_VARIABLES = ['FORCE_COLOR', 'NO_COLOR'] as const;

/** True when output to a stream that `isTTY` describes is coloured under `env`. */
export function useColour(env: Readonly<Record<string, string | undefined>>, isTTY: boolean | undefined): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return !['0', 'false'].includes(force.trim().toLowerCase());
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY === true && env.TERM !== 'dumb';
}

const SGR: Readonly<Record<'red' | 'yellow', string>> = { red: '31', yellow: '33' };

/** `text` in `colour`, reset after it. */
export function paint(text: string, colour: keyof typeof SGR): string {
  return `\u001b[${SGR[colour]}m${text}\u001b[0m`;
}
