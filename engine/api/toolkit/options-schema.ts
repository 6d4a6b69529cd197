/**
 * A validator's options schema, built so that its TypeScript type follows from it. Each builder returns
 * plain JSON Schema (draft 2020-12) data — what the engine checks a rule's `x-majordomus.options`
 * against, and what crosses to a repository validator's worker as JSON — and carries, for the type
 * checker alone, the type of the values it accepts. `defineValidator` infers the options type of `run`'s
 * context from it, so a schema and its type are written once and cannot disagree.
 *
 * ```ts
 * const options = schema.object({
 *   paths: schema.array(schema.string({ minLength: 1 }), { minItems: 1 }),
 *   mode: schema.enum(['require', 'forbid']),
 *   message: schema.optional(schema.string()),
 * });
 * // SchemaType<typeof options> is
 * // { readonly paths: readonly string[]; readonly mode: 'require' | 'forbid'; readonly message?: string }
 * ```
 */

/** The keys of the type a schema carries, for the type checker alone; never present at run time. */
declare const VALUES: unique symbol;
declare const EXACTLY: unique symbol;
declare const AT_LEAST: unique symbol;

/** Marks a property `schema.optional` made; the schema it wraps is its value. */
const OPTIONAL: unique symbol = Symbol('majordomus.optional');

/** Marks a schema these builders made (non-enumerable: JSON and ajv never see it). */
const BUILT: unique symbol = Symbol('majordomus.schema');

/**
 * A JSON Schema as plain data that accepts values of type `T`. `T` is for the type checker alone, and
 * it is held exactly: a validator that names its options type must name the schema's, no option more
 * (an optional one included) and none less, at any depth.
 */
export interface Schema<T> {
  readonly [keyword: string]: unknown;
  /** Never present: the type of the values the schema accepts (what `defineValidator` infers from). */
  readonly [VALUES]?: T;
  /** Never present: a schema of these values is one of a type at most as wide. */
  readonly [EXACTLY]?: Exactly<T>;
  /** Never present: and of a type at least as wide (any type may hold a schema of any options). */
  readonly [AT_LEAST]?: IsAny<T> extends true ? unknown : (shape: Exactly<T>) => void;
}

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * `T` with every property required and tagged with whether it was optional, at every depth: TypeScript
 * holds `{ a }` and `{ a; b? }` assignable both ways, and their shapes are not. The mapped type with a
 * modifier also makes the compiler compare two schemas' types member by member, not by a shortcut.
 */
type Shape<T> = T extends readonly (infer Item)[]
  ? readonly [Shape<Item>]
  : T extends object
    ? { [K in keyof T]-?: [Shape<T[K]>, undefined extends T[K] ? 'optional' : 'required'] }
    : T;
type Exactly<T> = { [K in keyof Shape<T>]-?: Shape<T>[K] };

/** The type of the values a schema accepts. */
export type SchemaType<S> = S extends Schema<infer T> ? T : never;

/** A property an object schema does not require (see `schema.optional`). */
export interface Optional<T> {
  readonly [OPTIONAL]: Schema<T>;
}

/** The properties of an object schema: each a schema, or an optional one. */
export type Properties = { readonly [key: string]: Schema<any> | Optional<any> };

/** The type of the objects an object schema with these properties accepts. */
export type ObjectOf<P extends Properties> = Flat<
  { readonly [K in keyof P as P[K] extends Optional<any> ? never : K]: SchemaType<P[K]> } & {
    readonly [K in keyof P as P[K] extends Optional<any> ? K : never]?: P[K] extends Optional<infer T> ? T : never;
  }
>;

/** One object type from an intersection, so editors show the options as one shape. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** What every schema may say about itself. */
interface Annotations {
  /** What the value means, for a person reading the schema. */
  readonly description?: string;
}

export interface StringConstraints extends Annotations {
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular expression (ECMA-262, unanchored unless it says so). */
  readonly pattern?: string;
}

export interface NumberConstraints extends Annotations {
  readonly minimum?: number;
  readonly maximum?: number;
}

export interface ArrayConstraints extends Annotations {
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

export interface ObjectConstraints extends Annotations {
  /** At least this many of the properties must be given (1: "one of them, at least"). */
  readonly minProperties?: number;
  readonly maxProperties?: number;
}

/** True when `value` was built by `schema` (the meta tests hold every built-in validator to it). */
export function isBuiltSchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { [BUILT]?: boolean })[BUILT] === true;
}

function built<T>(data: Record<string, unknown>): Schema<T> {
  Object.defineProperty(data, BUILT, { value: true, enumerable: false });
  return Object.freeze(data) as Schema<T>;
}

function isOptional(property: Schema<any> | Optional<any>): property is Optional<any> {
  return  Object.hasOwn(property, OPTIONAL);
}

/** Drop the constraints left undefined, so the schema holds only what was said. */
function given(constraints: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(constraints).filter(([, value]) => value !== undefined));
}

/** The builders of an options schema; see the module comment. */
export const schema = Object.freeze({
  /** A string. */
  string(constraints: StringConstraints = {}): Schema<string> {
    return built({ type: 'string', ...given(constraints) });
  },
  /** A whole number. */
  integer(constraints: NumberConstraints = {}): Schema<number> {
    return built({ type: 'integer', ...given(constraints) });
  },
  /** A number. */
  number(constraints: NumberConstraints = {}): Schema<number> {
    return built({ type: 'number', ...given(constraints) });
  },
  /** `true` or `false`. */
  boolean(constraints: Annotations = {}): Schema<boolean> {
    return built({ type: 'boolean', ...given(constraints) });
  },
  /** One of the strings listed; its type is their union when they are literals. */
  enum<const V extends readonly string[]>(values: V, constraints: Annotations = {}): Schema<V[number]> {
    return built({ type: 'string', ...given(constraints), enum: [...values] });
  },
  /** A list whose every item `items` accepts. */
  array<T>(items: Schema<T>, constraints: ArrayConstraints = {}): Schema<readonly T[]> {
    return built({ type: 'array', ...given(constraints), items });
  },
  /**
   * A mapping of exactly these properties (any other key is refused): each required unless wrapped in
   * `schema.optional`.
   */
  object<P extends Properties>(properties: P, constraints: ObjectConstraints = {}): Schema<ObjectOf<P>> {
    const plain: Record<string, unknown> = {};
    const required: string[] = [];
    for (const [key, property] of Object.entries(properties)) {
      if (isOptional(property)) plain[key] = property[OPTIONAL];
      else {
        plain[key] = property;
        required.push(key);
      }
    }
    return built({
      type: 'object',
      additionalProperties: false,
      ...(required.length > 0 ? { required } : {}),
      ...given(constraints),
      properties: plain,
    });
  },
  /** A property of `schema.object` that may be left out. */
  optional<T>(property: Schema<T>): Optional<T> {
    return Object.freeze({ [OPTIONAL]: property });
  },
});
