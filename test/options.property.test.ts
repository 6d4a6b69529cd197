/**
 * Options of the generic validators, as a rule author might write anything: for every generic validator,
 * any value either satisfies its options schema or is refused with problems that each name a path under
 * `options` — never an exception. The schemas compile under ajv's strict mode, and each validator's
 * example options satisfy its own schema.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Validator } from '../engine/api/validator';
import { compileOptionsSchema } from '../engine/gate/options';
import { validators } from './helpers/validators';

const generic = Object.values(validators as Readonly<Record<string, Validator>>).filter((validator) => validator.generic === true);

interface PropertySchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
}

/** Values a rule author could plausibly put under one option, well- or ill-formed. */
function valueFor(schema: PropertySchema): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown>[] = [
    fc.string(),
    fc.constantFrom('', 'README.md', 'docs/', '**/.env', 'src/**/*.ts', '/abs', '../up', ':(glob)x', 'i', 'ms', 'gg', 'iu'),
    fc.array(fc.string(), { maxLength: 4 }),
    fc.array(fc.constantFrom('README.md', 'docs/', 'a', 'a'), { maxLength: 4 }),
    fc.array(fc.anything(), { maxLength: 3 }),
    fc.string({ minLength: 1000, maxLength: 1100 }),
  ];
  if (schema.enum) plausible.push(fc.constantFrom(...schema.enum));
  return fc.oneof(fc.anything(), ...plausible);
}

/** Objects built from the schema's own keys (any subset), plus now and then an unknown key. */
function optionsFor(validator: Validator): fc.Arbitrary<unknown> {
  const properties = (validator.optionsSchema?.properties ?? {}) as Readonly<Record<string, PropertySchema>>;
  const known = fc.record(Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, valueFor(schema)])), {
    requiredKeys: [],
  });
  const extra = fc.dictionary(fc.string({ maxLength: 12 }), fc.anything(), { maxKeys: 2 });
  return fc.oneof(
    known,
    fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a })),
    fc.anything(),
    fc.object(),
  );
}

describe('generic validators', () => {
  it('there are the three the issue names', () => {
    expect(generic.map((validator) => validator.name).sort()).toStrictEqual(['content', 'document_schema', 'paths']);
  });
});

describe.each(generic.map((validator) => [validator.name, validator] as const))('%s options', (_name, validator) => {
  it('the schema is an object schema with no unknown keys, and compiles under strict mode', () => {
    expect(validator.optionsSchema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(() => compileOptionsSchema(validator)).not.toThrow();
  });

  it('the example options satisfy the schema', () => {
    expect(validator.exampleOptions).toBeDefined();
    expect(compileOptionsSchema(validator)(validator.exampleOptions)).toStrictEqual([]);
  });

  it('an empty mapping and a non-mapping are refused, naming `options`', () => {
    for (const value of [{}, null, [], 'README.md', 7]) {
      const problems = compileOptionsSchema(validator)(value);
      expect(problems.length, JSON.stringify(value)).toBeGreaterThan(0);
      for (const problem of problems) expect(problem.startsWith('`options')).toBe(true);
    }
  });

  it('any value is accepted, or refused with problems that each name a path under `options`', () => {
    const check = compileOptionsSchema(validator);
    fc.assert(
      fc.property(optionsFor(validator), (options) => {
        let problems: string[] = [];
        expect(() => {
          problems = check(options);
        }).not.toThrow();
        expect(Array.isArray(problems)).toBe(true);
        for (const problem of problems) expect(problem).toMatch(/^`options(\.[^`]*)?` /);
      }),
      { numRuns: 1000 },
    );
  });
});
