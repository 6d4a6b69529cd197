/**
 * policy_defaults (rule majordomus.policy-completeness): `doctor --rule` in process on a fresh adoption
 * (its policy is the skeleton's, whole: OK) and with values taken out of it (a FAIL per missing value,
 * subject the dotted key), DRIFT under watch; and, over the sources, every policy value the engine reads
 * is one the skeleton declares — the other half of "no reader carries a default of its own".
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS } from '../../engine/gate/isolation/settings';
import { declaredValues, optionalPolicyValues, SKELETON_POLICY } from '../../engine/layer/policy-skeleton';
import { readYamlFile } from '../../engine/layer/yaml';
import { DEFAULT_STEP_TIMEOUT_SECONDS } from '../../engine/usecases/run';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { failing, repoFactory } from '../helpers/repo';
import { describeUpstream, UPSTREAM } from '../helpers/upstream';

const RULE = 'majordomus.policy-completeness';
const POLICY = '.ai/repo/policy.yaml';
const repos = repoFactory();
afterAll(() => repos.disposeAll());

const edit = (repo: TempRepo, from: RegExp, to = '') => {
  const before = repo.read(POLICY);
  const after = before.replace(from, to);
  expect(after, `the edit ${from} changes the policy`).not.toBe(before);
  repo.write(POLICY, after);
};

const CASES: readonly { name: string; change: (repo: TempRepo) => void; failing: string[] }[] = [
  { name: 'the skeleton policy as init writes it', change: () => {}, failing: [] },
  { name: 'a value set differently is still set', change: (repo) => edit(repo, /max_body_lines: 40/, 'max_body_lines: 12'), failing: [] },
  {
    name: 'handover.required_sections removed',
    change: (repo) => edit(repo, /^ {2}required_sections: .*\n/m),
    failing: ['handover.required_sections'],
  },
  {
    name: 'the whole checkpoint section removed',
    change: (repo) => edit(repo, /^checkpoint:\n(?: {2}.*\n)+/m),
    failing: ['checkpoint.max_body_lines', 'checkpoint.retention_max_files'],
  },
  {
    name: 'the finish contract removed',
    change: (repo) => edit(repo, /^ {2}finish_requires:\n(?: {4}- .*\n)+/m),
    failing: ['verification.finish_requires'],
  },
  {
    name: 'the keys the schema gives a default, removed: optional, with their defaults',
    change: (repo) => {
      edit(
        repo,
        /^ {2}# facts every completed task owes.*\n {2}obligations: \[\]\n(?: {2}#.*\n {2}(?:timeout_seconds|outputs|commands): .*\n)+/m,
      );
      edit(repo, /^capture:\n(?: {2}.*\n)+/m);
      edit(repo, /^use_cases:\n(?: {2}.*\n)+/m);
      edit(repo, /^repository_validators:\n(?: {2}.*\n)+/m);
    },
    failing: [],
  },
  {
    name: 'the enforcement list removed',
    change: (repo) => edit(repo, /^enforcement:\n(?:(?: {2}.*)?\n)+?(?=# The instruction)/m),
    failing: ['enforcement'],
  },
];

describe('policy_defaults', () => {
  it.each(CASES)('$name', async ({ change, failing: expected }) => {
    const repo = repos.create().init();
    change(repo);
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.code).toBe(expected.length > 0 ? 10 : 0);
    const bad = failing(run.findings);
    expect(bad.map((f) => f.subject)).toEqual(expected);
    expect(bad.every((f) => f.rule === RULE && f.level === 'FAIL' && f.category === 'policy' && f.file === POLICY)).toBe(true);
    if (expected.length === 0) expect(run.findings.map((f) => [f.level, f.subject])).toEqual([['OK', POLICY]]);
  });

  it('a missing value is named at the line of its nearest parent that is there', async () => {
    const repo = repos.create().init();
    edit(repo, /^ {2}required_sections: .*\n/m);
    const [finding] = failing((await gateInProcess(repo, 'doctor', { rule: RULE })).findings);
    expect(repo.read(POLICY).split('\n')[finding!.line! - 1]).toBe('handover:');
  });

  it('under watch a missing value is DRIFT and exits 11', async () => {
    const repo = repos.create().init();
    edit(repo, /^ {2}required_sections: .*\n/m);
    const run = await gateInProcess(repo, 'watch', { rule: RULE });
    expect(run.code).toBe(11);
    expect(run.findings.map((f) => [f.level, f.subject])).toEqual([['DRIFT', 'handover.required_sections']]);
  });
});

/** Every .ts file under `dir`, generated code aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Keys whose absence has a meaning of its own, written down with the command that reads them, so a
 * policy adopted before they existed stays complete: `session archive` refuses without
 * `session.retention_max_files` (2) and while `session.archive` is not true (15), supplying no value of
 * its own (docs/CLI.md); without `cache.flatten_max_entries` the content cache keeps its documented
 * bound of 50,000 entries a file (docs/CLI.md, "The content cache").
 */
const OPTIONAL = new Set(['session.retention_max_files', 'session.archive', 'cache.flatten_max_entries']);

describe('the skeleton policy declares what the engine reads', () => {
  it('every `section.key` of the policy schema the sources read is set in the skeleton', () => {
    const schema = JSON.parse(readFileSync('share/schemas/policy.v1.schema.json', 'utf8')) as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
    };
    const declared = new Set(declaredValues(readYamlFile(SKELETON_POLICY, SKELETON_POLICY).value).map((v) => v.key));
    const code = [...sources('engine'), ...sources('validators')]
      .map((file) => readFileSync(file, 'utf8').replace(/^\s*(?:\/\/|\*|\/\*\*).*$/gm, ''))
      .join('\n');
    const read: string[] = [];
    for (const [section, body] of Object.entries(schema.properties)) {
      for (const key of Object.keys(body.properties ?? {})) {
        // `section?.key`, `section.key` or the dotted key as a string: the ways a reader names it
        if (new RegExp(`\\b${section}\\??\\.${key}\\b|['\`]${section}\\.${key}['\`.]`).test(code)) read.push(`${section}.${key}`);
      }
    }
    // the scan finds what the task validators read, so it can fail
    expect(read).toEqual(
      expect.arrayContaining([
        'handover.required_sections',
        'verification.finish_requires',
        'profiles.default',
        'checkpoint.retention_max_files',
      ]),
    );
    // a section's object (`session.freshness`) is declared through the values under it
    expect(
      read.filter((key) => !OPTIONAL.has(key) && !declared.has(key) && ![...declared].some((value) => value.startsWith(`${key}.`))),
    ).toEqual([]);
    // and an optional key is one the sources do read
    expect(read).toEqual(expect.arrayContaining([...OPTIONAL]));
  });
});

describe('the optional policy values', () => {
  const optional = optionalPolicyValues({ read: (path) => readFileSync(path, 'utf8') });
  const skeleton = new Map(declaredValues(readYamlFile(SKELETON_POLICY, SKELETON_POLICY).value).map((v) => [v.key, v.value]));

  it("are the keys whose schema gives a default, each default the skeleton's value and the reader's", () => {
    expect([...optional.keys()].sort()).toEqual([
      'capture.guard',
      'capture.guard_unparsed',
      'capture.prompts',
      'repository_validators.memory_mb',
      'repository_validators.timeout_seconds',
      'use_cases.step_timeout_seconds',
      'verification.commands',
      'verification.obligations',
      'verification.outputs',
      'verification.timeout_seconds',
    ]);
    for (const [key, value] of optional) expect(skeleton.get(key), key).toStrictEqual(value);
    expect(optional.get('repository_validators.timeout_seconds')).toBe(DEFAULT_TIMEOUT_SECONDS);
    expect(optional.get('repository_validators.memory_mb')).toBe(DEFAULT_MEMORY_MB);
    expect(optional.get('use_cases.step_timeout_seconds')).toBe(DEFAULT_STEP_TIMEOUT_SECONDS);
  });
});

describeUpstream("the optional policy values against upstream's policy schema", () => {
  interface Node {
    properties?: Record<string, Node>;
    additionalProperties?: unknown;
  }
  const upstream = JSON.parse(readFileSync(join(UPSTREAM, 'share/schemas/majordomus/policy/policy.v1.schema.json'), 'utf8')) as Node;
  /** Whether upstream's schema lets a policy hold the dotted key. */
  const allows = (key: string): boolean => {
    let node: Node | undefined = upstream;
    for (const part of key.split('.')) {
      if (node?.properties && Object.hasOwn(node.properties, part)) node = node.properties[part];
      else if (node?.additionalProperties === false) return false;
      else node = undefined;
    }
    return true;
  };

  it("every key the skeleton requires (no default in the schema) is one upstream's schema allows", () => {
    const optional = optionalPolicyValues({ read: (path) => readFileSync(path, 'utf8') });
    // the keys only this tool reads are optional: at least those upstream's schema refuses
    expect([...optional.keys()].filter((key) => !allows(key))).toEqual(
      expect.arrayContaining(['repository_validators.memory_mb', 'repository_validators.timeout_seconds']),
    );
    const required = declaredValues(readYamlFile(SKELETON_POLICY, SKELETON_POLICY).value)
      .map((v) => v.key)
      .filter((key) => !optional.has(key));
    expect(required.filter((key) => !allows(key))).toEqual([]);
  });

  it("upstream's own policy passes the rule but for the values upstream's schema allows and its policy leaves out", async () => {
    const repo = repos.create().init();
    repo.write(POLICY, readFileSync(join(UPSTREAM, '.ai/repo/policy.yaml'), 'utf8'));
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    const missing = failing(run.findings).map((f) => f.subject);
    expect(missing.filter((key) => !allows(key))).toEqual([]);
    expect(missing).toEqual(['session.knowledge_on_end', 'session.freshness.fresh_minutes', 'session.freshness.stale_minutes']);
  });
});
