/**
 * Options of a rule, checked against its validator's JSON Schema. Loaded only when a rule carries
 * options, so ajv stays off the start-up path of every other gate.
 */
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import type { Validator } from './validator';

const ajv = new Ajv2020({ strict: true, allErrors: true });
const compiled = new WeakMap<Validator, ValidateFunction>();

/** A function that lists the problems of an options object (`options.<path> <message>`), empty when valid. */
export function compileOptionsSchema(validator: Validator): (options: unknown) => string[] {
  let validate = compiled.get(validator);
  if (!validate) {
    validate = ajv.compile(validator.optionsSchema as object);
    compiled.set(validator, validate);
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
