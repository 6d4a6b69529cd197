/**
 * Options schemas compile once per schema, and a built-in validator's schema is not checked against
 * the JSON Schema meta-schema at run time — so this file checks every built-in schema against it, and
 * holds the run-time compilation to the same answers. A repository validator's schema is still checked
 * against the meta-schema before it is used.
 */
import { describe, expect, it } from 'vitest';
import type { Validator } from '../../engine/api/validator';
import { compileOptionsSchema } from '../../engine/gate/options';
import { checkOptions } from '../../engine/gate/rule-options';
import { validators } from '../helpers/validators';

const withOptions = Object.values(validators as Readonly<Record<string, Validator>>).filter(
  (validator) => validator.optionsSchema !== undefined,
);

describe.each(withOptions.map((validator) => [validator.name, validator] as const))('%s', (_name, validator) => {
  it('its options schema satisfies the JSON Schema meta-schema and strict mode', () => {
    expect(() => compileOptionsSchema(validator, 'repository')).not.toThrow();
  });

  it('compiled as a built-in, it answers as when checked against the meta-schema', () => {
    const builtin = compileOptionsSchema(validator, 'builtin');
    const checked = compileOptionsSchema(validator, 'repository');
    const samples: unknown[] = [
      validator.exampleOptions ?? {},
      {},
      { unknown: 1 },
      null,
      'text',
      [],
      { ...(validator.exampleOptions as object) },
    ];
    for (const sample of samples) expect(builtin(sample)).toStrictEqual(checked(sample));
  });
});

describe('schemas from a repository', () => {
  it('one that breaks only the meta-schema is refused', async () => {
    const validator = { name: 'odd', optionsSchema: { type: 'object', properties: { step: { type: 'number', multipleOf: 0 } } } };
    expect(await checkOptions(validator, { step: 1 })).toMatch(/optionsSchema is not a schema this engine reads/);
    // the same schema from this package would be trusted (the tests above check those), not refused
    expect(await checkOptions(validator, { step: 1 }, 'builtin')).not.toMatch(/not a schema this engine reads/);
  });

  it('each schema is compiled for itself, whatever validator carries it', async () => {
    const strict = { name: 'same', optionsSchema: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } } };
    const loose = { name: 'same', optionsSchema: { type: 'object', properties: { a: { type: 'number' } } } };
    expect(await checkOptions(strict, { a: 'x' })).toBeUndefined();
    expect(await checkOptions(loose, { a: 'x' })).toMatch(/options\.a/);
    expect(await checkOptions(strict, { a: 'x', b: 1 })).toMatch(/`b`/);
    expect(await checkOptions(loose, { a: 1, b: 1 })).toBeUndefined();
  });
});
