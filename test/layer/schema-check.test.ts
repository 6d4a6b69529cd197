/**
 * An unknown key names the nearest key its mapping allows, for every kind: a valid document as the
 * distribution ships it, with one misspelt key set at a path, checked in-process against its schema.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { KindName } from '../../engine/generated/kinds';
import { kindNames, kinds } from '../../engine/generated/kinds';
import { schemaKeys } from '../../engine/generated/schema-keys';
import { parseFrontMatter } from '../../engine/layer/front-matter';
import { checkSchema } from '../../engine/layer/schema-check';
import { parseYaml } from '../../engine/layer/yaml';
import { ROOT } from '../helpers/repo';

/** A valid document of each kind, as the distribution ships it. */
const SOURCES: Record<KindName, string> = {
  manifest: 'share/skeleton/ai/manifest.yaml',
  policy: 'share/skeleton/ai/repo/policy.yaml',
  profile: 'share/skeleton/ai/repo/profiles/implementation.yaml',
  scope: 'share/skeleton/ai/repo/scope.yaml',
  rule: 'rules/majordomus/rules/policy-integrity.v1.md',
  'rule-package': 'rules/majordomus/manifest.yaml',
  pack: 'rules/brainstorm/pack.yaml',
  task: 'test/fixtures/task/current.yaml',
  events: 'share/events.yaml',
  'knowledge-sources': 'share/skeleton/ai/repo/knowledge/sources.yaml',
  telemetry: 'test/fixtures/telemetry/t-20261012201705-7bf9.yaml',
  // the state files, as the commands wrote them (absolute paths replaced by /abs/path)
  'session-record': 'test/fixtures/state/session-record.md',
  session: 'test/fixtures/state/open-session.yaml',
  'session-context': 'test/fixtures/state/session-context.md',
  handover: 'test/fixtures/state/handover.md',
  'knowledge-candidate': 'test/fixtures/state/knowledge-candidate.md',
  'use-case': '.ai/repo/use-cases/adopt-a-repository.md',
  // the scenario block of that use case
  'use-case-scenario': 'test/fixtures/state/use-case-scenario.yaml',
  context: 'share/skeleton/ai/README.md',
  // a record of the prompt archive, as capture prompt wrote it (a JSON document)
  prompt: 'test/fixtures/state/prompt.json',
};

function shipped(kind: KindName): Record<string, unknown> {
  const text = readFileSync(join(ROOT, SOURCES[kind]), 'utf8');
  if (kinds[kind].format === 'json') return JSON.parse(text) as Record<string, unknown>;
  const doc = kinds[kind].format === 'markdown' ? parseFrontMatter(text, SOURCES[kind]).data : parseYaml(text, SOURCES[kind]);
  return structuredClone(doc.value) as Record<string, unknown>;
}

/** The shipped document of `kind` with `value` set at the dotted `path` (a number indexes a list). */
function withKey(kind: KindName, path: readonly (string | number)[], value: unknown) {
  const root = shipped(kind);
  let node: Record<string | number, unknown> = root;
  for (const step of path.slice(0, -1)) {
    node[step] ??= {};
    node = node[step] as Record<string | number, unknown>;
  }
  node[path.at(-1)!] = value;
  return parseYaml(stringify(root, { lineWidth: 0 }), `${kind}.yaml`);
}

const LONG = `version_${'x'.repeat(60)}`;

// [kind, where the misspelt key goes, the key reported, the nearest allowed key (undefined: none is close)]
const CASES: readonly [KindName, readonly (string | number)[], string, string | undefined][] = [
  ['policy', ['verson'], 'verson', 'version'],
  ['policy', ['context', 'strategi'], 'context.strategi', 'context.strategy'],
  [
    'policy',
    ['session', 'freshness', 'stale_minuts'],
    'session.freshness.stale_minutes'.replace('minutes', 'minuts'),
    'session.freshness.stale_minutes',
  ],
  ['policy', ['repository_validators', 'timeout'], 'repository_validators.timeout', 'repository_validators.timeout_seconds'],
  ['policy', ['projections', 0, 'provder'], 'projections.0.provder', 'projections.0.provider'],
  ['policy', ['colour'], 'colour', undefined],
  ['policy', [LONG], LONG, undefined],
  ['profile', ['verbosty'], 'verbosty', 'verbosity'],
  ['profile', ['context', 'knowlege'], 'context.knowlege', 'context.knowledge'],
  ['scope', ['outt'], 'outt', 'out'],
  ['scope', ['out', 'secrets'], 'out.secrets', 'out.secret'],
  ['scope', ['out', 'archive', 'name'], 'out.archive.name', 'out.archive.names'],
  ['manifest', ['sections', 'polcy'], 'sections.polcy', 'sections.policy'],
  ['manifest', ['local', 'trackd'], 'local.trackd', 'local.tracked'],
  ['rule', ['titel'], 'titel', 'title'],
  ['rule', ['x-majordomus', 'validater'], 'x-majordomus.validater', 'x-majordomus.validator'],
  ['rule-package', ['source_revison'], 'source_revison', 'source_revision'],
  ['rule-package', ['rules', 0, 'sha265'], 'rules.0.sha265', 'rules.0.sha256'],
  ['pack', ['vendorin'], 'vendorin', 'vendoring'],
  ['pack', ['gates', 0, 'violation_levl'], 'gates.0.violation_levl', 'gates.0.violation_level'],
  ['task', ['scop'], 'scop', 'scope'],
  ['events', ['events', 0, 'emited_by'], 'events.0.emited_by', 'events.0.emitted_by'],
  ['knowledge-sources', ['sources', 0, 'pathspek'], 'sources.0.pathspek', 'sources.0.pathspec'],
  ['telemetry', ['facts', 'requests', 'reportr'], 'facts.requests.reportr', 'facts.requests.reporter'],
  ['session-record', ['worktreeid'], 'worktreeid', 'worktree_id'],
  ['session', ['provider_sesion'], 'provider_sesion', 'provider_session'],
  ['session-context', ['opened_bye'], 'opened_bye', 'opened_by'],
  ['handover', ['changed_file'], 'changed_file', 'changed_files'],
  ['knowledge-candidate', ['evidense'], 'evidense', 'evidence'],
  ['use-case', ['sumary'], 'sumary', 'summary'],
  ['use-case-scenario', ['steps', 0, 'expect', 'stdout_contain'], 'steps.0.expect.stdout_contain', 'steps.0.expect.stdout_contains'],
  ['context', ['composiiton'], 'composiiton', 'composition'],
  ['context', ['children', 'exemp'], 'children.exemp', 'children.exempt'],
  ['prompt', ['meta', 'parnet'], 'meta.parnet', 'meta.parent'],
];

describe('an unknown key names the nearest allowed key of its mapping', () => {
  it('every kind has a case, and every shipped document is valid as it is', () => {
    expect(new Set(CASES.map(([kind]) => kind))).toEqual(new Set(kindNames));
    for (const kind of kindNames) expect(checkSchema(kind, parseYaml(stringify(shipped(kind), { lineWidth: 0 }), kind)), kind).toEqual([]);
  });

  it.each(CASES)('%s: %j', (kind, path, key, nearest) => {
    const problems = checkSchema(kind, withKey(kind, path, 1));
    const unknown = problems.filter((problem) => problem.keyword === 'additionalProperties');
    expect(unknown.map((problem) => [problem.key, problem.nearest])).toEqual([[key, nearest]]);
    expect(unknown[0]!.message.includes('did you mean')).toBe(nearest !== undefined);
  });

  it('says it as `unknown key `k` (did you mean `n`?)`', () => {
    const [problem] = checkSchema('policy', withKey('policy', ['verson'], 1));
    expect(problem?.message).toBe('unknown key `verson` (did you mean `version`?)');
  });

  it('only the reported problems are given a suggestion, past the cap none is computed', () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`verson${i}`, 1]));
    const problems = checkSchema('policy', parseYaml(stringify({ ...shipped('policy'), ...many }, { lineWidth: 0 }), 'policy.yaml'));
    expect(problems).toHaveLength(51);
    expect(problems.at(-1)?.keyword).toBe('more');
  });
});

describe('the kinds one schema serves twice', () => {
  it("a checkpoint's front matter is exactly a handover's: both are the handover kind", () => {
    const file = 'test/fixtures/state/checkpoint.md';
    expect(checkSchema('handover', parseFrontMatter(readFileSync(join(ROOT, file), 'utf8'), file).data)).toEqual([]);
  });
});

describe('the generated table of allowed keys', () => {
  it('keys each closed mapping by its place in the document, a mapping reached through a $ref or a list included', () => {
    for (const kind of kindNames) {
      for (const [pointer, keys] of Object.entries(schemaKeys[kind])) {
        expect(keys.length, `${kind} ${pointer}`).toBeGreaterThan(0);
        expect(new Set(keys).size, `${kind} ${pointer}`).toBe(keys.length);
      }
    }
    expect(Object.keys(schemaKeys.scope)).toContain('/out/archive');
    expect(Object.keys(schemaKeys.policy)).toContain('/projections/*');
  });
});
