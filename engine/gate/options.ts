/**
 * Options of a rule, checked against its validator's JSON Schema. Loaded only when a rule carries
 * options, so ajv stays off the start-up path of every other gate.
 *
 * Options are checked for every rule that carries them, so each schema is compiled once per process,
 * keyed by the schema object itself. A built-in validator's schema is not checked against the
 * JSON Schema meta-schema at run time (compiling the meta-schema alone cost about 80 ms a process): the
 * test suite checks every built-in schema against it once. A repository validator's schema is written
 * by whoever writes the repository, so it is checked against the meta-schema before it is compiled.
 */

import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import type { Validator } from '../api/validator';

/** Where a validator's options schema comes from: this package's validators, or a repository's. */
export type SchemaSource = 'builtin' | 'repository';

const instances: Partial<Record<SchemaSource, Ajv2020>> = {};
const compiled: Record<SchemaSource, WeakMap<object, ValidateFunction>> = { builtin: new WeakMap(), repository: new WeakMap() };

function ajvFor(source: SchemaSource): Ajv2020 {
  instances[source] ??= new Ajv2020(
    source === 'builtin' ? { strict: true, allErrors: true, validateSchema: false } : { strict: true, allErrors: true },
  );
  return instances[source];
}

/**
 * A function that lists the problems of an options object (`options.<path> <message>`), empty when
 * valid. Throws when ajv cannot compile the schema (in strict mode; against the meta-schema too, for a
 * repository's schema).
 */
export function compileOptionsSchema(
  validator: Pick<Validator, 'optionsSchema'>,
  source: SchemaSource = 'repository',
): (options: unknown) => string[] {
  const schema = validator.optionsSchema as object;
  let validate = compiled[source].get(schema);
  if (!validate) {
    validate = ajvFor(source).compile(schema);
    compiled[source].set(schema, validate);
  }
  const check = validate;
  return (options) => {
    if (check(options)) return [];
    return (check.errors ?? []).slice(0, 50).map((error) => {
      const path = ['options', ...error.instancePath.split('/').slice(1)].join('.');
      const extra = error.keyword === 'additionalProperties' ? ` \`${String(error.params.additionalProperty)}\`` : '';
      return `\`${path}\` ${error.message ?? error.keyword}${extra}`;
    });
  };
}
