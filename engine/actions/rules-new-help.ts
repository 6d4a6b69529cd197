/**
 * The validators `rules new --validator` can name, for its help. Imported only when `rules new` is
 * about to be parsed, so no other command loads the validators to print a help it does not show.
 */
import { builtinRegistry } from '../gate/registry';

/** The text `rules new --help` prints after its options. */
export async function rulesNewHelpText(): Promise<string> {
  const registry = await builtinRegistry();
  const builtins = registry.builtinNames().map((name) => registry.get(name)!);
  const width = Math.max(...builtins.map((validator) => validator.name.length)) + 2;
  const line = (validator: (typeof builtins)[number]): string => `    ${validator.name.padEnd(width)}${validator.description}`;
  return [
    '',
    'Validators --validator can name:',
    '  taking options, for a rule without code (the rule is written with example options):',
    ...builtins.filter((validator) => validator.generic === true).map(line),
    '  built in:',
    ...builtins.filter((validator) => validator.generic !== true).map(line),
    "  and the repository's own, by name: .ai/repo/validators/<name>.mjs (see docs/AUTHORING.md)",
  ].join('\n');
}
