import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gateNames, gates } from '../engine/generated/gates';
import type { KindName } from '../engine/generated/kinds';
import { kindNames, kinds } from '../engine/generated/kinds';
import { packNames, packs } from '../engine/generated/packs';
import { schemaKeys } from '../engine/generated/schema-keys';
import type { SchemaError } from '../engine/generated/schema-validators';
import { schemaValidators } from '../engine/generated/schema-validators';
import { DocumentError } from '../engine/io/document-error';
import { allowLines, renderAllowFile } from '../engine/layer/allow';
import { readFrontMatterFile } from '../engine/layer/front-matter';
import { readYamlFile } from '../engine/layer/yaml';
import { compareFiles, createAjv, generateFiles, REPOSITORY_ROOT, readPacks, readSchemas, run } from '../tools/generate';
import { KEY_LIST_MIN, keyListsIn } from './helpers/key-lists';
import { describeUpstream, UPSTREAM } from './helpers/upstream';
import { validators } from './helpers/validators';

const ROOT = REPOSITORY_ROOT;
const SKELETON = join(ROOT, 'share/skeleton/ai');
const schemas = readSchemas(ROOT);

type Json = { readonly [key: string]: unknown };

function validate(kind: KindName, value: unknown): readonly SchemaError[] {
  const validator = schemaValidators[kind];
  return validator(value) ? [] : (validator.errors ?? [{ instancePath: '', schemaPath: '', keyword: 'unknown', params: {} }]);
}

/** `a.b.0.c` paths of every leaf (an empty list or map is a leaf at its own path). */
function flatten(value: unknown, prefix = ''): string[] {
  const join = (key: string | number): string => (prefix === '' ? String(key) : `${prefix}.${key}`);
  if (Array.isArray(value)) return value.length === 0 ? [prefix] : value.flatMap((item, i) => flatten(item, join(i)));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? [prefix] : entries.flatMap(([key, item]) => flatten(item, join(key)));
  }
  return [prefix];
}

/** Every flattened key of `value` matches a line of the kind's allow-list. */
function unmatchedKeys(kind: KindName, value: unknown): string[] {
  const schema = schemas.find((s) => s.stem === kinds[kind].schema)!.schema;
  const patterns = allowLines(schema).map((line) => new RegExp(line));
  return flatten(value).filter((key) => !patterns.some((pattern) => pattern.test(key)));
}

describe('generated files', () => {
  it('are current (npm run generate -- --check)', () => {
    const stale = compareFiles(ROOT, generateFiles(ROOT)).filter((file) => file.state !== 'current');
    expect(stale).toEqual([]);
  });

  it('are deterministic and carry the three-line header without a timestamp or an absolute path', () => {
    const first = generateFiles(ROOT);
    const second = generateFiles(ROOT);
    expect(second).toEqual(first);
    for (const file of first) {
      if (file.path.startsWith('.ai/repo/rules/vendor/')) {
        // this repository's own vendored copy is the shipped package byte for byte, headers and all
        const source = file.path.replace(/^\.ai\/repo\/rules\/vendor\//, 'rules/');
        expect(file.content, file.path).toBe(first.find((f) => f.path === source)?.content ?? readFileSync(join(ROOT, source), 'utf8'));
        continue;
      }
      if (file.path.endsWith('.md')) {
        const [one, two, three] = file.content.split('\n');
        expect(one, file.path).toBe('<!-- GENERATED FILE — DO NOT EDIT DIRECTLY');
        expect(two, file.path).toMatch(/^ {5}Source: .+; regenerate with `npm run generate`$/);
        expect(three, file.path).toMatch(/^ {5}Generator: majordomus \d+\.\d+\.\d+ -->$/);
        expect(file.content, file.path).not.toContain(ROOT);
        continue;
      }
      const comment = file.path.endsWith('.ts') || file.path.endsWith('.js') ? '//' : '#';
      const [one, two, three] = file.content.split('\n');
      expect(one, file.path).toBe(`${comment} GENERATED FILE — DO NOT EDIT DIRECTLY`);
      expect(two, file.path).toMatch(new RegExp(`^${comment} Source: .+; regenerate with \`npm run generate\`$`));
      expect(three, file.path).toMatch(new RegExp(`^${comment} Generator: majordomus \\d+\\.\\d+\\.\\d+`));
      expect(file.content, file.path).not.toContain(ROOT);
      expect(file.content, file.path).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    }
  });

  it('include allow-lists that the run-time check reproduces from the schema alone', () => {
    for (const source of schemas) {
      const onDisk = readFileSync(join(ROOT, `share/allow/${source.stem}.txt`), 'utf8');
      expect(renderAllowFile(source.schema), source.stem).toBe(onDisk);
    }
  });

  it('keep the CLI free of ajv: the validators import nothing', () => {
    const js = readFileSync(join(ROOT, 'engine/generated/schema-validators.js'), 'utf8');
    expect(js).not.toMatch(/\brequire\(|^import /m);
  });

  describe('the generator command', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'majordomus-codegen-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));
    cpSync(join(ROOT, 'package.json'), join(scratch, 'package.json'));
    cpSync(join(ROOT, 'share/schemas'), join(scratch, 'share/schemas'), { recursive: true });
    cpSync(join(ROOT, 'share/kinds.yaml'), join(scratch, 'share/kinds.yaml'));
    cpSync(join(ROOT, 'share/events.yaml'), join(scratch, 'share/events.yaml'));
    for (const pack of readdirSync(join(ROOT, 'rules')))
      cpSync(join(ROOT, 'rules', pack, 'pack.yaml'), join(scratch, 'rules', pack, 'pack.yaml'));

    const runIn = (argv: string[]): { code: number; lines: string[] } => {
      const lines: string[] = [];
      const code = run(argv, scratch, (line) => lines.push(line));
      return { code, lines };
    };

    it('--check names every missing file and exits 1, writing nothing', () => {
      const { code, lines } = runIn(['--check']);
      expect(code).toBe(1);
      expect(lines).toContain('missing: share/allow/policy.txt');
      expect(lines).toContain('missing: engine/generated/types.ts');
      expect(lines.every((line) => line.startsWith('missing: '))).toBe(true);
      expect(readdirSync(join(scratch, 'share'))).not.toContain('allow');
    });

    it('writes each file once, then reports them current', () => {
      const written = runIn([]);
      expect(written.code).toBe(0);
      expect(written.lines).toContain('share/allow/rule.txt');
      expect(runIn([]).lines).toEqual([`generate: ${written.lines.length} files current`]);
      expect(runIn(['--check'])).toEqual({ code: 0, lines: [`generate: ${written.lines.length} files current`] });
    });

    it('--check names a hand-edited file as stale', () => {
      writeFileSync(join(scratch, 'share/allow/scope.txt'), '^anything$\n');
      expect(runIn(['--check'])).toEqual({ code: 1, lines: ['stale: share/allow/scope.txt'] });
      expect(runIn([]).lines).toEqual(['share/allow/scope.txt']);
    });

    it('refuses an unknown argument', () => {
      expect(runIn(['--force']).code).toBe(2);
    });
  });
});

describe('schemas', () => {
  it.each(schemas.map((s) => [s.stem, s] as const))('%s compiles under ajv strict mode', (_stem, source) => {
    expect(() => createAjv().compile(source.schema)).not.toThrow();
    expect(source.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(source.schema['x-majordomus-allow']).toBe(source.stem);
  });

  it.each(schemas.map((s) => [s.stem, s] as const))(
    '%s closes every object, bounds every pattern and refers only locally',
    (_stem, source) => {
      const problems: string[] = [];
      const walk = (node: unknown, at: string): void => {
        if (Array.isArray(node)) {
          node.forEach((item, i) => {
            walk(item, `${at}/${i}`);
          });
          return;
        }
        if (node === null || typeof node !== 'object') return;
        const schema = node as Json;
        // open by design: a rule's validator options (the validator's own schema judges them), and a use
        // case's files_contain, a mapping of the repository's paths to patterns
        const free =
          at.endsWith('/x-majordomus/options') ||
          at === '#/$defs/Enforcement/properties/options' ||
          at === '#/$defs/Expectation/properties/files_contain';
        if (schema.type === 'object' && !free && schema.additionalProperties !== false)
          problems.push(`${at}: object without additionalProperties: false`);
        if (typeof schema.pattern === 'string' && typeof schema.maxLength !== 'number') problems.push(`${at}: pattern without maxLength`);
        if (typeof schema.$ref === 'string' && !schema.$ref.startsWith('#/')) problems.push(`${at}: remote $ref`);
        for (const key of ['properties', '$defs']) {
          for (const [name, child] of Object.entries((schema[key] ?? {}) as Json)) walk(child, `${at}/${key}/${name}`);
        }
        for (const key of ['items', 'additionalProperties']) if (typeof schema[key] === 'object') walk(schema[key], `${at}/${key}`);
        for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(schema[key])) walk(schema[key], `${at}/${key}`);
      };
      walk(source.schema, '#');
      expect(problems).toEqual([]);
    },
  );

  it('and kinds pair one to one', () => {
    const named = Object.values(kinds)
      .map((kind) => kind.schema)
      .sort();
    expect(named).toEqual(schemas.map((s) => s.stem).sort());
    expect(new Set(named).size).toBe(named.length);
    expect([...kindNames].sort()).toEqual([
      'context',
      'events',
      'handover',
      'knowledge-candidate',
      'knowledge-sources',
      'manifest',
      'pack',
      'policy',
      'profile',
      'prompt',
      'rule',
      'rule-package',
      'scope',
      'session',
      'session-context',
      'session-record',
      'task',
      'telemetry',
      'use-case',
      'use-case-scenario',
    ]);
    expect(Object.keys(schemaValidators).sort()).toEqual([...kindNames].sort());
  });

  it('hold the format version each kind declares', () => {
    for (const kind of Object.values(kinds)) {
      if (!kind.schemaVersion) continue;
      const schema = schemas.find((s) => s.stem === kind.schema)!.schema;
      const field = (schema.properties as Record<string, Json>)[kind.schemaVersion.field]!;
      expect(schema.required, kind.name).toContain(kind.schemaVersion.field);
      expect([field.const], kind.name).toEqual(kind.schemaVersion.supported);
    }
  });
});

describe('gates', () => {
  it("are the four engine gates and the brainstorm pack's three cumulative ones; only watch turns a violation into drift, with exit code 11", () => {
    expect(gateNames).toEqual(['doctor', 'check', 'finish', 'watch', 'session', 'manifest', 'move']);
    expect(gates.session.includes).toEqual([]);
    expect(gates.manifest.includes).toEqual(['session']);
    expect(gates.move.includes).toEqual(['session', 'manifest']);
    expect(gates.watch).toMatchObject({ violationLevel: 'drift', exitCode: 11 });
    for (const name of ['doctor', 'check', 'finish', 'session', 'manifest', 'move'] as const) {
      expect(gates[name].violationLevel).toBe('fail');
      expect(gates[name].exitCode).toBeUndefined();
    }
    expect(Object.isFrozen(gates) && Object.isFrozen(gates.watch)).toBe(true);
  });

  it('each belong to the pack that declares it, and judge the target it declares', () => {
    for (const name of ['doctor', 'check', 'finish', 'watch'] as const)
      expect(gates[name]).toMatchObject({ pack: 'majordomus', target: 'repository' });
    for (const name of ['session', 'manifest', 'move'] as const)
      expect(gates[name]).toMatchObject({ pack: 'brainstorm', target: 'folder' });
    for (const pack of packNames) expect(packs[pack].gates.every((gate) => gates[gate].pack === pack)).toBe(true);
  });
});

describe('packs', () => {
  it('are declared once each: the baseline vendored always, brainstorm optional (rules vendor add), the examples never; every validator in exactly one', () => {
    expect(packNames).toEqual(['majordomus', 'brainstorm', 'examples']);
    expect([packs.majordomus.vendoring, packs.brainstorm.vendoring, packs.examples.vendoring]).toEqual(['always', 'optional', 'never']);
    const claimed = packNames.flatMap((pack) => packs[pack].validators);
    expect([...claimed].sort()).toEqual(Object.keys(validators).sort());
    expect(packs.brainstorm.commands).toEqual(['brainstorm']);
    expect(packs.brainstorm.embeddedRules).toBeTypeOf('function');
    expect(packs.brainstorm.context).toBeTypeOf('function');
  });

  describe('refuse a declaration the registry could not use', () => {
    const base = (root: string, pack: string, text: string): void => {
      mkdirSync(join(root, 'rules', pack), { recursive: true });
      writeFileSync(join(root, 'rules', pack, 'pack.yaml'), text);
    };
    const declaration = (name: string, extra: string[] = [], vendoring = 'optional', validators: readonly string[] = []): string =>
      [
        'schema: majordomus-pack/v1',
        `name: ${name}`,
        'description: A pack of the tests.',
        `vendoring: ${vendoring}`,
        `validators: [${validators.join(', ')}]`,
        ...extra,
        '',
      ].join('\n');
    const all = Object.keys(validators);
    const gate = (name: string): string[] => [
      'gates:',
      `  - name: ${name}`,
      '    description: A gate of the tests.',
      '    target: folder',
      '    violation_level: fail',
      `    command: "majordomus ${name}"`,
    ];
    const cases: [string, (root: string) => void, string][] = [
      ['a folder with rules and no pack.yaml', (root) => mkdirSync(join(root, 'rules/loose/rules'), { recursive: true }), 'no pack.yaml'],
      ['a name that is not the folder', (root) => base(root, 'extra', declaration('other')), 'name must be'],
      ['a key the schema does not know', (root) => base(root, 'extra', declaration('extra', ['colour: blue'])), 'pack.v1.schema.json'],
      [
        'a validator no registry holds',
        (root) => base(root, 'extra', declaration('extra', [], 'optional', ['no_such_validator'])),
        'no_such_validator',
      ],
      [
        'a validator claimed by two packs',
        (root) => base(root, 'extra', declaration('extra', [], 'optional', ['paths'])),
        'a validator belongs to one pack',
      ],
      ['a second pack vendored always', (root) => base(root, 'extra', declaration('extra', [], 'always')), 'exactly one pack'],
      [
        'a gate name taken by another pack',
        (root) => base(root, 'extra', declaration('extra', gate('session'))),
        'already the brainstorm pack',
      ],
      [
        'a cli module (commands are declared in engine/commands/)',
        (root) => base(root, 'extra', declaration('extra', ['cli: engine/extra/cli.ts'])),
        'breaks share/schemas/pack.v1.schema.json',
      ],
    ];
    it.each(cases)('%s', (_name, mutate, message) => {
      const root = mkdtempSync(join(tmpdir(), 'majordomus-packs-'));
      try {
        for (const pack of readdirSync(join(ROOT, 'rules')))
          cpSync(join(ROOT, 'rules', pack, 'pack.yaml'), join(root, 'rules', pack, 'pack.yaml'));
        mutate(root);
        expect(() => readPacks(root, schemas, all)).toThrow(message);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });

    it('a registered validator no pack claims', () => {
      expect(() => readPacks(ROOT, schemas, [...all, 'orphan'])).toThrow('orphan');
    });
  });
});

describe('allowLines', () => {
  const object = (properties: Json, extra: Json = {}): Json => ({ type: 'object', additionalProperties: false, properties, ...extra });
  const cases: { name: string; schema: Json; lines: string[] }[] = [
    { name: 'a scalar', schema: object({ a: { type: 'string' }, b: { const: 1 } }), lines: ['^a$', '^b$'] },
    { name: 'a list of scalars', schema: object({ a: { type: 'array', items: { type: 'string' } } }), lines: ['^a(\\.[0-9]+)?$'] },
    {
      name: 'a nested object',
      schema: object({ a: object({ b: { type: 'integer' }, c: object({ d: { type: 'boolean' } }) }) }),
      lines: ['^a\\.b$', '^a\\.c\\.d$'],
    },
    {
      name: 'a list of objects',
      schema: object({ a: { type: 'array', items: object({ b: { type: 'string' }, c: { type: 'array', items: { type: 'string' } } }) } }),
      lines: ['^a\\.[0-9]+\\.b$', '^a\\.[0-9]+\\.c(\\.[0-9]+)?$'],
    },
    { name: 'a free object without properties', schema: object({ a: { type: 'object' } }), lines: ['^a(\\..+)?$'] },
    {
      name: 'a free object with open properties',
      schema: object({ a: { type: 'object', properties: { b: { type: 'string' } } } }),
      lines: ['^a(\\..+)?$'],
    },
    {
      name: 'a local $ref, in objects and in list items',
      schema: object(
        { a: { $ref: '#/$defs/Thing' }, b: { type: 'array', items: { $ref: '#/$defs/Thing' } }, c: { $ref: '#/$defs/Name' } },
        {
          $defs: { Thing: object({ x: { $ref: '#/$defs/Name' } }), Name: { type: 'string' } },
        },
      ),
      lines: ['^a\\.x$', '^b\\.[0-9]+\\.x$', '^c$'],
    },
    {
      name: 'keys with metacharacters',
      schema: object({
        'x-majordomus': object({ 'use-cases': { type: 'string' } }),
        'a.b': { type: 'string' },
        'a+b$': { type: 'string' },
        'q?(x)': { type: 'string' },
      }),
      lines: ['^x-majordomus\\.use-cases$', '^a\\.b$', '^a\\+b\\$$', '^q\\?\\(x\\)$'],
    },
    {
      name: 'anyOf of scalars',
      schema: object({
        a: { anyOf: [{ type: 'boolean' }, { const: 'x' }] },
        b: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
      }),
      lines: ['^a$', '^b(\\.[0-9]+)?$'],
    },
    {
      name: 'the schema property order, depth first',
      schema: object({ z: { type: 'string' }, m: object({ y: { type: 'string' }, b: { type: 'string' } }), a: { type: 'string' } }),
      lines: ['^z$', '^m\\.y$', '^m\\.b$', '^a$'],
    },
  ];
  it.each(cases)('$name', ({ schema, lines }) => {
    expect(allowLines(schema)).toEqual(lines);
  });

  it('escapes so that a key matches itself and nothing looser', () => {
    const [line] = allowLines(object({ 'a.b': { type: 'string' } }));
    expect(new RegExp(line!).test('a.b')).toBe(true);
    expect(new RegExp(line!).test('aXb')).toBe(false);
  });

  it.each([
    ['a remote $ref', object({ a: { $ref: 'https://example.com/x.json' } })],
    ['a $ref naming nothing', object({ a: { $ref: '#/$defs/None' } })],
    ['a recursive $ref', object({ a: { $ref: '#/$defs/Node' } }, { $defs: { Node: object({ next: { $ref: '#/$defs/Node' } }) } })],
    ['a root that is not a closed object', { type: 'object' }],
  ])('refuses %s', (_name, schema) => {
    expect(() => allowLines(schema)).toThrow();
  });

  it('renders the header and one line per key', () => {
    const text = renderAllowFile(
      { $id: 'https://example.com/schemas/thing.v1.schema.json', ...object({ a: { type: 'string' } }) },
      { version: '9.9.9' },
    );
    expect(text).toBe(
      [
        '# GENERATED FILE — DO NOT EDIT DIRECTLY',
        '# Source: share/schemas/thing.v1.schema.json (https://example.com/schemas/thing.v1.schema.json); regenerate with `npm run generate`',
        '# Generator: majordomus 9.9.9',
        '^a$',
        '',
      ].join('\n'),
    );
  });
});

describeUpstream('upstream fixtures', () => {
  const yamlFixtures: [string, KindName][] = [
    ['.ai/manifest.yaml', 'manifest'],
    ['share/skeleton/ai/manifest.yaml', 'manifest'],
    ['.ai/repo/policy.yaml', 'policy'],
    ['share/skeleton/policy.yaml', 'policy'],
    ['.ai/repo/profiles/debugging.yaml', 'profile'],
    ['.ai/repo/profiles/deep-work.yaml', 'profile'],
    ['.ai/repo/profiles/implementation.yaml', 'profile'],
    ['.ai/repo/profiles/routine.yaml', 'profile'],
    ['share/skeleton/profiles/implementation.yaml', 'profile'],
    ['share/skeleton/ai/repo/scope.yaml', 'scope'],
    ['share/standard/majordomus/manifest.yaml', 'rule-package'],
    ['.ai/repo/rules/vendor/majordomus/manifest.yaml', 'rule-package'],
  ];
  it.each(yamlFixtures)('%s is a valid %s', (path, kind) => {
    const value = readYamlFile(join(UPSTREAM, path), path).value;
    expect(validate(kind, value)).toEqual([]);
    expect(unmatchedKeys(kind, value)).toEqual([]);
  });

  const sessionRecords = readdirSync(join(UPSTREAM, '.ai/repo/sessions'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `.ai/repo/sessions/${name}`);
  it.each(sessionRecords)('%s is a valid session-record', (path) => {
    const value = readFrontMatterFile(join(UPSTREAM, path), path).data.value;
    expect(validate('session-record', value)).toEqual([]);
    expect(unmatchedKeys('session-record', value)).toEqual([]);
  });

  const ruleDirs = ['share/standard/majordomus/rules', '.ai/repo/rules/vendor/majordomus/rules', '.ai/repo/rules/project'];
  const ruleFiles = ruleDirs.flatMap((dir) =>
    readdirSync(join(UPSTREAM, dir))
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .sort()
      .map((name) => `${dir}/${name}`),
  );
  /** Upstream wrote these with an unquoted `: ` inside a plain scalar, which YAML 1.2 (and our subset) refuses. */
  const refusedByParser = [
    'share/standard/majordomus/rules/ai-layout-integrity.v1.md',
    'share/standard/majordomus/rules/publication-currency.v1.md',
    '.ai/repo/rules/vendor/majordomus/rules/rule-package-integrity.v1.md',
    '.ai/repo/rules/vendor/majordomus/rules/session-records.v1.md',
    '.ai/repo/rules/vendor/majordomus/rules/state-consistency.v1.md',
  ];
  /** Upstream project rules whose x-majordomus carries only tests or a review reason: declared, not enforced. */
  const declaringOnly = [
    '.ai/repo/rules/project/accumulation-is-measured.v2.md',
    '.ai/repo/rules/project/completion-is-proved.v1.md',
    '.ai/repo/rules/project/english-only.v1.md',
    '.ai/repo/rules/project/english-only.v2.md',
    '.ai/repo/rules/project/finding-carries-reproduce.v1.md',
    '.ai/repo/rules/project/never-reported-is-not-green.v1.md',
    '.ai/repo/rules/project/never-store-transcripts.v1.md',
  ];

  it('has the rule files this suite expects', () => {
    expect(ruleFiles.length).toBeGreaterThanOrEqual(60);
    for (const path of [...refusedByParser, ...declaringOnly]) expect(ruleFiles).toContain(path);
  });

  it.each(refusedByParser)('%s is refused by the YAML subset, naming a line', (path) => {
    let error: unknown;
    try {
      readFrontMatterFile(join(UPSTREAM, path), path);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).file).toBe(path);
    expect((error as DocumentError).line).toBeGreaterThan(1);
  });

  it.each(declaringOnly)('%s declares an x-majordomus block without a validator, which the rule schema accepts', (path) => {
    const value = readFrontMatterFile(join(UPSTREAM, path), path).data.value as { 'x-majordomus'?: Record<string, unknown> };
    expect(value['x-majordomus']).toBeTypeOf('object');
    expect(value['x-majordomus']!.validator).toBeUndefined();
    expect(validate('rule', value)).toEqual([]);
  });

  const accepted = ruleFiles.filter((path) => !refusedByParser.includes(path));
  it.each(accepted)('%s has a valid rule front matter', (path) => {
    const value = readFrontMatterFile(join(UPSTREAM, path), path).data.value;
    expect(validate('rule', value)).toEqual([]);
    expect(unmatchedKeys('rule', value)).toEqual([]);
  });
});

describe('invalid documents', () => {
  const rule: Json = {
    id: 'project.example',
    version: 1,
    kind: 'rule',
    title: 'Example',
    description: 'An example.',
    statement: 'Examples are valid.',
    status: 'active',
    class: 'blocking',
    depends_on: ['majordomus.scope-integrity@1'],
    tags: ['example'],
    'x-majordomus': {
      validator: 'example',
      category: 'example',
      enforced_by: ['doctor'],
      exit_code: 10,
      tests: ['test/validators/example.test.ts'],
    },
  };
  const enforcement = rule['x-majordomus'] as Json;
  const withEnforcement = (extra: Json): Json => ({ ...rule, 'x-majordomus': { ...enforcement, ...extra } });

  it('the base rule and its variants are valid', () => {
    expect(validate('rule', rule)).toEqual([]);
    expect(validate('rule', { ...rule, id: 'BS-STATE-01' })).toEqual([]);
    expect(
      validate('rule', withEnforcement({ options: { anything: { nested: [1, 2] } }, policy_key: 'scope_respected', exit_code: 0 })),
    ).toEqual([]);
    // without a validator the block only declares: tests, claims, a review reason
    expect(
      validate('rule', { ...rule, 'x-majordomus': { tests: ['test/x.sh'], claims: ['a-claim'], reviewed_because: 'decided in review' } }),
    ).toEqual([]);
    expect(validate('rule', { ...rule, version: 2147483647 })).toEqual([]);
  });

  const cases: { name: string; kind: KindName; value: Json; at: string; keyword: string }[] = [
    {
      name: 'an unknown key under x-majordomus',
      kind: 'rule',
      value: withEnforcement({ severity: 'high' }),
      at: '/x-majordomus',
      keyword: 'additionalProperties',
    },
    { name: 'an unknown top-level key', kind: 'rule', value: { ...rule, owner: 'me' }, at: '', keyword: 'additionalProperties' },
    { name: 'kind: rules', kind: 'rule', value: { ...rule, kind: 'rules' }, at: '/kind', keyword: 'const' },
    { name: 'version: "1"', kind: 'rule', value: { ...rule, version: '1' }, at: '/version', keyword: 'type' },
    { name: 'version: 0', kind: 'rule', value: { ...rule, version: 0 }, at: '/version', keyword: 'minimum' },
    { name: 'an id that is not dotted', kind: 'rule', value: { ...rule, id: 'project..x' }, at: '/id', keyword: 'pattern' },
    {
      name: 'a dependency without a version',
      kind: 'rule',
      value: { ...rule, depends_on: ['majordomus.scope-integrity'] },
      at: '/depends_on/0',
      keyword: 'pattern',
    },
    { name: 'status: retired', kind: 'rule', value: { ...rule, status: 'retired' }, at: '/status', keyword: 'enum' },
    { name: 'a missing title', kind: 'rule', value: { ...rule, title: undefined }, at: '', keyword: 'required' },
    {
      name: 'x-majordomus with enforced_by but no validator',
      kind: 'rule',
      value: withEnforcement({ validator: undefined }),
      at: '/x-majordomus',
      keyword: 'dependentRequired',
    },
    {
      name: 'x-majordomus with a validator but no category',
      kind: 'rule',
      value: withEnforcement({ category: undefined }),
      at: '/x-majordomus',
      keyword: 'dependentRequired',
    },
    { name: 'version above 2147483647', kind: 'rule', value: { ...rule, version: 2147483648 }, at: '/version', keyword: 'maximum' },
    {
      name: 'a validator that is not snake_case',
      kind: 'rule',
      value: withEnforcement({ validator: 'Scope-Check' }),
      at: '/x-majordomus/validator',
      keyword: 'pattern',
    },
    { name: 'exit_code 126', kind: 'rule', value: withEnforcement({ exit_code: 126 }), at: '/x-majordomus/exit_code', keyword: 'maximum' },
    {
      name: 'enforced_by: []',
      kind: 'rule',
      value: withEnforcement({ enforced_by: [] }),
      at: '/x-majordomus/enforced_by',
      keyword: 'minItems',
    },
    {
      name: 'options that are not an object',
      kind: 'rule',
      value: withEnforcement({ options: 'fast' }),
      at: '/x-majordomus/options',
      keyword: 'type',
    },
    {
      name: 'an unknown manifest section',
      kind: 'manifest',
      value: {
        schema: 'ai-repository/v1',
        repo: { path: 'repo' },
        local: { path: 'local', tracked: false, implicit_context: false },
        sections: { policy: 'repo/policy.yaml', profiles: 'repo/profiles', rules: 'repo/rules', extras: 'repo/extras' },
      },
      at: '/sections',
      keyword: 'additionalProperties',
    },
    {
      name: 'a section path escaping .ai/',
      kind: 'manifest',
      value: {
        schema: 'ai-repository/v1',
        repo: { path: 'repo' },
        local: { path: 'local', tracked: false, implicit_context: false },
        sections: { policy: '../policy.yaml', profiles: 'repo/profiles', rules: 'repo/rules' },
      },
      at: '/sections/policy',
      keyword: 'pattern',
    },
    {
      name: 'a manifest of another format',
      kind: 'manifest',
      value: {
        schema: 'ai-repository/v2',
        repo: { path: 'repo' },
        local: { path: 'local', tracked: false, implicit_context: false },
        sections: { policy: 'p', profiles: 'p', rules: 'r' },
      },
      at: '/schema',
      keyword: 'const',
    },
    { name: 'policy version 2', kind: 'policy', value: { version: 2 }, at: '/version', keyword: 'const' },
    {
      name: 'an enforcement entry wired by an unknown mechanism',
      kind: 'policy',
      value: { version: 1, enforcement: [{ name: 'x', path: 'majordomus', wired_by: 'cron:daily' }] },
      at: '/enforcement/0/wired_by',
      keyword: 'pattern',
    },
    {
      name: 'a projection without a target',
      kind: 'policy',
      value: { version: 1, projections: [{ provider: 'agents' }] },
      at: '/projections/0',
      keyword: 'required',
    },
    {
      name: 'an unknown policy section',
      kind: 'policy',
      value: { version: 1, telemetry: { on: true } },
      at: '',
      keyword: 'additionalProperties',
    },
    {
      name: 'an unknown effort',
      kind: 'profile',
      value: { name: 'x', description: 'x', capability: 'fast', verbosity: 'terse', presentation: 'machine', effort: 'extreme' },
      at: '/effort',
      keyword: 'enum',
    },
    {
      name: 'a checkpoint interval without a unit',
      kind: 'profile',
      value: { name: 'x', description: 'x', capability: 'fast', verbosity: 'terse', presentation: 'machine', checkpoint_interval: '15' },
      at: '/checkpoint_interval',
      keyword: 'pattern',
    },
    { name: 'a scope path with a leading slash', kind: 'scope', value: { version: 1, in: ['/etc/**'] }, at: '/in/0', keyword: 'pattern' },
    { name: 'a scope path with a .. segment', kind: 'scope', value: { version: 1, in: ['src/../../x'] }, at: '/in/0', keyword: 'pattern' },
    {
      name: 'a scope name with a slash',
      kind: 'scope',
      value: { version: 1, in: [], out: { secret: { names: ['keys/*.pem'] } } },
      at: '/out/secret/names/0',
      keyword: 'pattern',
    },
    {
      name: 'max_bytes outside fixtures',
      kind: 'scope',
      value: { version: 1, in: [], out: { image: { max_bytes: 10 } } },
      at: '/out/image',
      keyword: 'additionalProperties',
    },
    {
      name: 'a package of another format',
      kind: 'rule-package',
      value: { vendor: 'v', package: 'p', version: 1, format: 'ai-rules/v2', source_revision: '1.0.0', rules: [] },
      at: '/format',
      keyword: 'const',
    },
    {
      name: 'a hash that is not sha256 hex',
      kind: 'rule-package',
      value: {
        vendor: 'v',
        package: 'p',
        version: 1,
        format: 'ai-rules/v1',
        source_revision: '1.0.0',
        rules: [{ id: 'v.x', version: 1, file: 'rules/x.v1.md', sha256: 'ABC' }],
      },
      at: '/rules/0/sha256',
      keyword: 'pattern',
    },
  ];
  it.each(cases)('$kind: $name is refused at "$at" by $keyword', ({ kind, value, at, keyword }) => {
    const errors = validate(kind, JSON.parse(JSON.stringify(value)));
    expect(errors.map((e) => [e.instancePath, e.keyword])).toContainEqual([at, keyword]);
  });
});

describe('skeleton', () => {
  const yamlFiles: [string, KindName][] = [
    ['manifest.yaml', 'manifest'],
    ['repo/policy.yaml', 'policy'],
    ['repo/scope.yaml', 'scope'],
    ...['implementation', 'debugging', 'review', 'deep-work'].map((name): [string, KindName] => [`repo/profiles/${name}.yaml`, 'profile']),
  ];
  it.each(yamlFiles)('%s is a valid %s', (path, kind) => {
    const value = readYamlFile(join(SKELETON, path), path).value;
    expect(validate(kind, value)).toEqual([]);
    expect(unmatchedKeys(kind, value)).toEqual([]);
  });

  it('has a profile file per profile name, and the default among them', () => {
    const files = readdirSync(join(SKELETON, 'repo/profiles')).sort();
    expect(files).toEqual(['debugging.yaml', 'deep-work.yaml', 'implementation.yaml', 'review.yaml']);
    for (const file of files) {
      expect((readYamlFile(join(SKELETON, 'repo/profiles', file), file).value as Json).name).toBe(file.slice(0, -'.yaml'.length));
    }
    const policy = readYamlFile(join(SKELETON, 'repo/policy.yaml'), 'policy.yaml').value as Json;
    expect((policy.profiles as Json).default).toBe('implementation');
  });

  it("wires exactly the two gate hooks and the projections' drift check, and always loads exactly one projection", () => {
    const policy = readYamlFile(join(SKELETON, 'repo/policy.yaml'), 'policy.yaml').value as Json;
    expect(policy.enforcement).toEqual([
      { name: 'doctor-on-commit', path: 'majordomus', args: ['doctor', '--quiet'], wired_by: 'git-hook:pre-commit' },
      { name: 'projections-on-commit', path: 'majordomus', args: ['update', '--check'], wired_by: 'git-hook:pre-commit' },
      { name: 'finish-on-push', path: 'majordomus', args: ['finish', '--check', '--quiet'], wired_by: 'git-hook:pre-push' },
    ]);
    expect((policy.projections as Json[]).filter((p) => p.always_loaded === true)).toHaveLength(1);
  });

  it('names its sections under repo/', () => {
    const manifest = readYamlFile(join(SKELETON, 'manifest.yaml'), 'manifest.yaml').value as Json;
    const sections = manifest.sections as Record<string, string>;
    expect(Object.keys(sections)).toEqual([
      'policy',
      'scope',
      'profiles',
      'rules',
      'prompts',
      'skills',
      'workflows',
      'knowledge',
      'adrs',
      'project',
      'sessions',
    ]);
    for (const path of Object.values(sections)) expect(path.startsWith('repo/')).toBe(true);
  });
});

describe('rule package manifests', () => {
  const packs = readdirSync(join(ROOT, 'rules')).filter((name) => {
    try {
      return readdirSync(join(ROOT, 'rules', name, 'rules')).length >= 0;
    } catch {
      return false;
    }
  });
  it.each(packs)('rules/%s/manifest.yaml is a valid rule package listing every rule file', (pack) => {
    const path = `rules/${pack}/manifest.yaml`;
    const manifest = readYamlFile(join(ROOT, path), path).value as { rules: { file: string }[] };
    expect(validate('rule-package', manifest)).toEqual([]);
    const files = readdirSync(join(ROOT, 'rules', pack, 'rules'))
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .sort();
    expect(manifest.rules.map((rule) => rule.file).sort()).toEqual(files.map((name) => `rules/${name}`));
  });
});

describe('readers of a kind that has a schema', () => {
  /** The readers and writers of the layer's state, use cases and validators: where the second wave kept its shapes. */
  const SCANNED = ['engine/state', 'engine/usecases', 'validators'];
  const sources = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(`${dir}/${entry.name}`) : entry.name.endsWith('.ts') ? [`${dir}/${entry.name}`] : [],
    );

  it(`declare no hand-written key list (${KEY_LIST_MIN} or more keys of one schema mapping): they ask the generated keys, types or checkSchema`, () => {
    const found = SCANNED.flatMap(sources).flatMap((file) => keyListsIn(file, readFileSync(join(ROOT, file), 'utf8'), schemaKeys));
    expect(found.map((list) => `${list.file}:${list.line}: ${list.keys.join(', ')} (of ${list.kind} ${list.mapping || '/'})`)).toEqual([]);
  });

  it('the check finds such a list, as an array or as a union of literal types, and lets a selection from a generated type or a marked list pass', () => {
    const source = [
      "const OPEN_KEYS: readonly (keyof OpenSession)[] = ['session_id', 'started_at', 'owner', 'worker', 'provider'];",
      "type ListKey = 'commits' | 'changed_files' | 'tasks' | 'issues';",
      "type Picked = Pick<SessionRecord, 'commits' | 'changed_files' | 'tasks' | 'issues'>;",
      '// key-list: the keys written plain',
      "const PLAIN = ['id', 'kind', 'status', 'date', 'episode'];",
      "const FEW = ['session_id', 'started_at', 'owner'];",
    ].join('\n');
    const found = keyListsIn('x.ts', source, schemaKeys);
    expect(found.map((list) => [list.line, list.kind])).toEqual([
      [1, 'session'],
      [2, 'session-record'],
    ]);
  });
});
