/**
 * An options schema and its type cannot disagree: the schema is built with the toolkit's `schema`, its
 * type follows from it, and the type checker holds a validator that names another type to that schema
 * (the @ts-expect-error lines: `npm run typecheck` fails when one of them compiles). What the builders
 * produce is plain JSON Schema, which ajv compiles in strict mode; every built-in validator's schema is
 * built this way and accepts its own example options.
 */
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SchemaType } from '../../engine/api/toolkit/index';
import { isBuiltSchema, pathspecList, schema } from '../../engine/api/toolkit/index';
import type { Validator } from '../../engine/api/validator';
import { defineValidator } from '../../engine/api/validator';
import type { ContentOptions } from '../../validators/content';
import type { DocumentSchemaOptions } from '../../validators/document_schema';
import type { PathsOptions } from '../../validators/paths';
import { validators } from '../helpers/validators';

const builtins = Object.values(validators as unknown as Record<string, Validator>);
const ajv = (): Ajv2020 => new Ajv2020({ strict: true, allErrors: true });

describe('the schema builders', () => {
  const options = schema.object(
    {
      paths: schema.array(schema.string({ minLength: 1 }), { minItems: 1 }),
      mode: schema.enum(['require', 'forbid']),
      limit: schema.optional(schema.integer({ minimum: 0 })),
      strict: schema.optional(schema.boolean()),
    },
    { minProperties: 1 },
  );

  it('write plain JSON Schema: closed objects, the required keys listed, nothing of their own', () => {
    expect(JSON.parse(JSON.stringify(options))).toStrictEqual({
      type: 'object',
      additionalProperties: false,
      required: ['paths', 'mode'],
      minProperties: 1,
      properties: {
        paths: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
        mode: { type: 'string', enum: ['require', 'forbid'] },
        limit: { type: 'integer', minimum: 0 },
        strict: { type: 'boolean' },
      },
    });
    expect(Object.keys(options)).toStrictEqual(['type', 'additionalProperties', 'required', 'minProperties', 'properties']);
    expect(Object.isFrozen(options)).toBe(true);
    expect(isBuiltSchema(options)).toBe(true);
    expect(isBuiltSchema(JSON.parse(JSON.stringify(options)))).toBe(false);
  });

  it('compile under ajv strict mode, and the values they accept are the values their type allows', () => {
    const validate = ajv().compile(options);
    expect(validate({ paths: ['a'], mode: 'forbid' })).toBe(true);
    expect(validate({ paths: ['a'], mode: 'forbid', limit: 3, strict: true })).toBe(true);
    expect(validate({ paths: ['a'], mode: 'allow' })).toBe(false);
    expect(validate({ paths: ['a'], mode: 'forbid', other: 1 })).toBe(false);
    expect(validate({ mode: 'forbid' })).toBe(false);
  });

  it('type the values they accept, and only those', () => {
    expectTypeOf<SchemaType<typeof options>>().toEqualTypeOf<{
      readonly paths: readonly string[];
      readonly mode: 'require' | 'forbid';
      readonly limit?: number;
      readonly strict?: boolean;
    }>();
    expectTypeOf<SchemaType<ReturnType<typeof pathspecList>>>().toEqualTypeOf<readonly string[]>();
  });
});

describe("a validator's options type follows from its schema", () => {
  const OPTIONS = schema.object({ paths: pathspecList(), message: schema.optional(schema.string()) });

  it('types context.options from the schema, and checks the example options against it', () => {
    const validator = defineValidator({
      name: 'typed',
      description: 'Has typed options.',
      gates: ['doctor'],
      optionsSchema: OPTIONS,
      exampleOptions: { paths: ['src/'] },
      run(context) {
        expectTypeOf(context.options).toEqualTypeOf<{ readonly paths: readonly string[]; readonly message?: string }>();
      },
    });
    const misuses = [
      () =>
        defineValidator({
          name: 'wrong_example',
          description: 'Gives an example its schema refuses.',
          gates: ['doctor'],
          optionsSchema: OPTIONS,
          // @ts-expect-error the example names an option the schema does not have
          exampleOptions: { paths: ['src/'], extra: true },
          run() {},
        }),
      () =>
        defineValidator<{ readonly paths: readonly string[]; readonly message?: string; readonly extra?: string }>({
          name: 'more_than_the_schema',
          description: 'Names a type wider than its schema.',
          gates: ['doctor'],
          // @ts-expect-error a type naming an option the schema does not have (an optional one) disagrees with it
          optionsSchema: OPTIONS,
          run() {},
        }),
      () =>
        defineValidator<{ readonly paths: readonly string[] }>({
          name: 'less_than_the_schema',
          description: 'Names a type narrower than its schema.',
          gates: ['doctor'],
          // @ts-expect-error a type leaving out an option the schema has (an optional one) disagrees with it
          optionsSchema: OPTIONS,
          run() {},
        }),
      () =>
        defineValidator<{ readonly paths: readonly number[]; readonly message?: string }>({
          name: 'other_items',
          description: 'Names other items than its schema.',
          gates: ['doctor'],
          // @ts-expect-error a list of numbers is not the schema's list of strings
          optionsSchema: OPTIONS,
          run() {},
        }),
      () =>
        defineValidator<{ readonly paths: readonly string[]; readonly mode: 'a' | 'b' | 'c' }>({
          name: 'wider_enum',
          description: 'Names one value more than its schema.',
          gates: ['doctor'],
          // @ts-expect-error the schema allows two of the three values
          optionsSchema: schema.object({ paths: pathspecList(), mode: schema.enum(['a', 'b']) }),
          run() {},
        }),
    ];
    expect(validator.optionsSchema).toBe(OPTIONS);
    expect(misuses).toHaveLength(5);
  });

  it("the generic validators' documented option types are their schemas' types", () => {
    expectTypeOf<PathsOptions>().toEqualTypeOf<{ readonly require?: readonly string[]; readonly forbid?: readonly string[] }>();
    expectTypeOf<DocumentSchemaOptions>().toEqualTypeOf<{ readonly paths: readonly string[]; readonly schema: string }>();
    expectTypeOf<ContentOptions>().toEqualTypeOf<{
      readonly paths: readonly string[];
      readonly pattern: string;
      readonly mode: 'require' | 'forbid';
      readonly flags?: string;
      readonly message?: string;
    }>();
  });
});

describe('every built-in validator', () => {
  const withOptions = builtins.filter((validator) => validator.optionsSchema !== undefined);

  it('that takes options builds its schema with the toolkit, and ajv compiles it in strict mode', () => {
    expect(withOptions.length).toBeGreaterThan(5);
    for (const validator of withOptions) {
      expect(isBuiltSchema(validator.optionsSchema), validator.name).toBe(true);
      expect(() => ajv().compile(validator.optionsSchema as object), validator.name).not.toThrow();
    }
  });

  it('gives example options its own schema accepts, and takes none without a schema', () => {
    for (const validator of builtins) {
      if (!validator.optionsSchema) {
        expect(validator.exampleOptions, validator.name).toBeUndefined();
        continue;
      }
      const validate = ajv().compile(validator.optionsSchema);
      expect(validate(validator.exampleOptions), `${validator.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
