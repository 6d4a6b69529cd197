/**
 * A rule's `x-majordomus.options` against its validator's options schema. The same check for a built-in
 * validator (in the gate's process) and a repository one (inside its worker, where a schema the
 * repository wrote is evaluated under the time limit). ajv is imported only when a rule carries options.
 */

import type { Validator } from '../api/validator';
import { describeThrown } from '../io/describe';
import type { SchemaSource } from './options';

/** What a rule's options check needs to know of its validator. */
export type OptionsTaker = Pick<Validator, 'name' | 'optionsSchema'>;

/**
 * A sentence saying why the options do not fit the validator; undefined when they do. `source` says
 * whose schema it is: a repository's is checked against the JSON Schema meta-schema first.
 */
export async function checkOptions(
  validator: OptionsTaker,
  options: Readonly<Record<string, unknown>> | undefined,
  source: SchemaSource = 'repository',
): Promise<string | undefined> {
  if (options === undefined) return undefined;
  if (!validator.optionsSchema) {
    return `gives \`x-majordomus.options\`, but the validator \`${validator.name}\` takes none (remove them)`;
  }
  const { compileOptionsSchema } = await import('./options');
  let check: (options: unknown) => string[];
  try {
    check = compileOptionsSchema(validator, source);
  } catch (error) {
    // ajv refuses a schema it cannot compile in strict mode: the validator's fault, never a crash
    return `names the validator \`${validator.name}\`, whose optionsSchema is not a schema this engine reads: ${describeThrown(error)}`;
  }
  const problems = check(options);
  return problems.length > 0 ? `has options the validator \`${validator.name}\` refuses: ${problems.join('; ')}` : undefined;
}
