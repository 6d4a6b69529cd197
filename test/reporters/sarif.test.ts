/**
 * The SARIF reporter, in process: reports built from the distribution's rules and stamped findings,
 * rendered, then held to the SARIF 2.1.0 schema and to what code scanning accepts — one result per
 * violation at the right level and place, every rule described, fingerprints that do not move, and the
 * caps with what they left out said in the run's properties.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../engine/api/findings';
import { DOCUMENTED_PACKS, ruleAnchor } from '../../engine/packs/rule-docs';
import type { GateReport } from '../../engine/reporters/report';
import { renderToString } from '../../engine/reporters/report';
import type { SarifLimits, SarifLog, SarifResult } from '../../engine/reporters/sarif';
import {
  cap,
  DEFAULT_REPOSITORY_URL,
  FULL_DESCRIPTION_MAX,
  repositoryUrl,
  SARIF_LIMITS,
  sarifLog,
  sarifReporter,
  toolInfo,
} from '../../engine/reporters/sarif';
import type { Rule } from '../../engine/ruleset/rules';
import { ROOT } from '../helpers/repo';
import { distributionRules, finding, projectRule, report } from '../helpers/reports';
import { codeScanningProblems, schemaProblems } from '../helpers/sarif';
import { describeSarifSchema } from '../helpers/upstream';

const TOOL = { version: '0.1.0', repositoryUrl: 'https://example.com/owner/majordomus' };
const shipped = distributionRules();
const byId = (id: string): Rule => shipped.find((rule) => rule.id === id)!;
const POLICY = byId('majordomus.policy-integrity');
const LAYOUT = byId('majordomus.ai-layout-integrity');
const WIRING = byId('majordomus.enforcement-wiring');
const ADVISORY = byId('majordomus.define-done-first');
const TODO = projectRule('project.no-todo');
const catalogue = [...shipped, TODO];

/** FAIL, WARN and DRIFT findings beside OK and INFO ones. */
const MIXED: readonly Finding[] = [
  finding(POLICY, 'FAIL', { file: '.ai/repo/policy.yaml', line: 76, message: 'unknown key `colour`' }),
  finding(TODO, 'WARN', { file: 'src/a.ts', line: 2, column: 6, endColumn: 10, message: 'a TODO marker' }),
  finding(LAYOUT, 'DRIFT', { file: '.ai/README.md', message: 'missing' }),
  finding(WIRING, 'OK', { subject: 'hooks', message: 'wired' }),
  finding(WIRING, 'INFO', { subject: 'hooks', message: 'noted' }),
];

function log(of: GateReport, limits: SarifLimits = SARIF_LIMITS): SarifLog {
  return sarifLog(of, limits, TOOL);
}

function results(of: SarifLog): readonly SarifResult[] {
  return of.runs[0]!.results;
}

describeSarifSchema('SARIF logs are valid SARIF 2.1.0 that code scanning accepts', () => {
  const cases: [string, GateReport][] = [
    ['FAIL, WARN, DRIFT, OK and INFO at doctor', report('doctor', catalogue, MIXED)],
    ['a passing gate', report('doctor', catalogue, [finding(POLICY, 'OK')])],
    [
      'an empty catalogue and a finding of a rule it lacks',
      report('doctor', [], [finding(LAYOUT, 'FAIL', { file: '.ai/manifest.yaml', line: 3 })]),
    ],
    [
      'files with spaces, #, %, non-ASCII and a lone surrogate',
      report('check', catalogue, [finding(TODO, 'FAIL', { file: 'src/a b#c%d é \ud800.ts', line: 1 })]),
    ],
    [
      'a finding with no file, the rule outside the repository',
      report('session', catalogue, [finding(TODO, 'FAIL', { subject: 'state.md' })], {
        rulesInRepository: false,
        prefix: 'docs/research/x-brainstorm/',
      }),
    ],
    [
      'a region with an end line and column',
      report('doctor', catalogue, [finding(TODO, 'FAIL', { file: 'a.ts', line: 2, column: 3, endLine: 4, endColumn: 1 })]),
    ],
    ['a result cap', report('doctor', catalogue, MIXED)],
  ];
  it.each(cases)('%s', (name, of) => {
    const rendered = JSON.parse(renderToString(sarifReporter, of)) as SarifLog;
    const capped = name === 'a result cap' ? log(of, { ...SARIF_LIMITS, results: 1, rules: 3 }) : rendered;
    expect(schemaProblems(capped)).toStrictEqual([]);
    expect(codeScanningProblems(capped as never)).toStrictEqual([]);
  });
});

describeSarifSchema('the checks themselves catch what they are for', () => {
  const valid = (): SarifLog => JSON.parse(JSON.stringify(log(report('doctor', catalogue, MIXED)))) as SarifLog;
  type Mutable = {
    runs: {
      results: { locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[];
      tool: { driver: { rules: { shortDescription: { text: string } }[] } };
    }[];
    version: string;
  };
  const firstLocation = (l: Mutable): Mutable['runs'][number]['results'][number]['locations'][number]['physicalLocation'] =>
    l.runs[0]!.results[0]!.locations[0]!.physicalLocation;
  const MUTATIONS: Record<string, (l: Mutable) => void> = {
    'a URI with a space': (l) => void (firstLocation(l).artifactLocation.uri = 'a b.ts'),
    'a start line of 0': (l) => void (firstLocation(l).region.startLine = 0),
    'version 2.0': (l) => void (l.version = '2.0'),
    'an empty short description': (l) => void (l.runs[0]!.tool.driver.rules[0]!.shortDescription.text = ' '),
    'an absolute URI': (l) => void (firstLocation(l).artifactLocation.uri = 'file:///etc/passwd'),
  };
  it.each([
    ['a URI with a space', 'both'],
    ['a start line of 0', 'schema'],
    ['version 2.0', 'both'],
    ['an empty short description', 'code scanning'],
    ['an absolute URI', 'code scanning'],
  ] as const)('%s', (name, caughtBy) => {
    const broken = valid();
    MUTATIONS[name]!(broken as unknown as Mutable);
    if (caughtBy !== 'code scanning') expect(schemaProblems(broken)).not.toStrictEqual([]);
    if (caughtBy !== 'schema') expect(codeScanningProblems(broken as never)).not.toStrictEqual([]);
  });
});

describe('results: one per violation', () => {
  const produced = log(report('doctor', catalogue, MIXED));

  it('FAIL and DRIFT are errors, WARN a warning; OK and INFO are no result', () => {
    expect(results(produced).map((r) => [r.ruleId, r.level])).toStrictEqual([
      [POLICY.id, 'error'],
      [TODO.id, 'warning'],
      [LAYOUT.id, 'error'],
    ]);
  });

  it('each names its rule by id and by its index in tool.driver.rules', () => {
    const rules = produced.runs[0]!.tool.driver.rules;
    for (const result of results(produced)) expect(rules[result.ruleIndex!]!.id).toBe(result.ruleId);
  });

  it('a repository-relative URI under %SRCROOT%, the line, and the column when known', () => {
    const [policy, todo, layout] = results(produced).map((r) => r.locations[0]!.physicalLocation!);
    expect(policy).toStrictEqual({ artifactLocation: { uri: '.ai/repo/policy.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 76 } });
    expect(todo.region).toStrictEqual({ startLine: 2, startColumn: 6, endColumn: 10 });
    expect(layout).toStrictEqual({ artifactLocation: { uri: '.ai/README.md', uriBaseId: '%SRCROOT%' } });
  });

  it('a path is percent-encoded segment by segment', () => {
    const [result] = results(log(report('doctor', catalogue, [finding(TODO, 'FAIL', { file: 'src/a b#c%d é.ts', line: 1 })])));
    expect(result!.locations[0]!.physicalLocation!.artifactLocation.uri).toBe('src/a%20b%23c%25d%20%C3%A9.ts');
  });

  it('the brainstorm detector’s files are prefixed with the session folder', () => {
    const [result] = results(
      log(
        report('session', catalogue, [finding(TODO, 'FAIL', { file: 'state.md', line: 3 })], {
          prefix: 'docs/research/x-brainstorm/',
          rulesInRepository: false,
        }),
      ),
    );
    expect(result!.locations[0]!.physicalLocation!.artifactLocation.uri).toBe('docs/research/x-brainstorm/state.md');
  });

  it('a finding without a file is placed on its rule’s file in the repository, else by its subject', () => {
    const lone = finding(POLICY, 'FAIL', { subject: 'profiles' });
    const [inRepository] = results(log(report('doctor', catalogue, [lone])));
    expect(inRepository!.locations[0]!.physicalLocation!.artifactLocation.uri).toBe(POLICY.file);
    const [outside] = results(log(report('doctor', catalogue, [lone], { rulesInRepository: false })));
    expect(outside!.locations[0]).toStrictEqual({ logicalLocations: [{ name: 'profiles' }] });
  });

  it('a rule the gate added from the distribution (not in the catalogue) has no file in the repository to stand in', () => {
    const audit = byId('majordomus.rule-package-integrity');
    const of = { ...report('doctor', [TODO], [finding(audit, 'FAIL', { subject: 'refused' })]), checked: [TODO, audit] };
    expect(results(log(of))[0]!.locations[0]).toStrictEqual({ logicalLocations: [{ name: 'refused' }] });
  });

  it('an inconsistent region keeps only what is consistent', () => {
    const [result] = results(
      log(report('doctor', catalogue, [finding(TODO, 'FAIL', { file: 'a.ts', column: 4, endLine: 1, line: 3, endColumn: 2 })])),
    );
    expect(result!.locations[0]!.physicalLocation!.region).toStrictEqual({ startLine: 3, startColumn: 4 });
  });

  it('the exit code and the gate are in invocations', () => {
    expect(produced.runs[0]!.invocations).toStrictEqual([{ executionSuccessful: true, exitCode: 11, properties: { gate: 'doctor' } }]);
  });
});

describe('tool.driver.rules: the whole effective catalogue', () => {
  const produced = log(report('doctor', catalogue, MIXED));
  const rules = produced.runs[0]!.tool.driver.rules;

  it('every rule of the catalogue, once, in its order, advisory and other gates’ rules included', () => {
    expect(rules.map((rule) => rule.id)).toStrictEqual(catalogue.map((rule) => rule.id));
  });

  it('every rule has a name, a non-empty short and full description and help', () => {
    for (const rule of rules) {
      for (const text of [rule.name, rule.shortDescription.text, rule.fullDescription.text, rule.help.text])
        expect(text.trim(), rule.id).not.toBe('');
    }
  });

  it('properties: version, class, gates and category', () => {
    const policy = rules.find((rule) => rule.id === POLICY.id)!;
    expect(policy.properties).toMatchObject({ version: 1, class: 'blocking', gates: ['doctor', 'watch'], category: 'policy' });
    const advisory = rules.find((rule) => rule.id === ADVISORY.id)!;
    expect(advisory.properties).toMatchObject({ version: 1, class: 'advisory', gates: [], category: null });
    expect(advisory.defaultConfiguration).toStrictEqual({ enabled: false, level: 'warning' });
  });

  it('a shipped rule’s helpUri is its row of docs/RULES.md in the published repository; a project rule has none', () => {
    const catalogueText = readFileSync(join(ROOT, 'docs/RULES.md'), 'utf8');
    for (const rule of shipped) {
      const descriptor = rules.find((r) => r.id === rule.id)!;
      expect(descriptor.helpUri).toBe(`${TOOL.repositoryUrl}/blob/HEAD/docs/RULES.md#${ruleAnchor(rule.id)}`);
      expect(catalogueText, rule.id).toContain(`<a id="${ruleAnchor(rule.id)}"></a>\`${rule.identity}\``);
    }
    expect(rules.find((r) => r.id === TODO.id)!.helpUri).toBeUndefined();
    expect(rules.find((r) => r.id === TODO.id)!.help.text).toContain(TODO.file);
  });

  it('a full description longer than 1,024 characters is cut to 1,024, the last one …', () => {
    const long = projectRule('project.long', { front: { description: `${'x'.repeat(3000)}` } });
    const [descriptor] = log(report('doctor', [long], [])).runs[0]!.tool.driver.rules;
    expect([...descriptor!.fullDescription.text]).toHaveLength(FULL_DESCRIPTION_MAX);
    expect(descriptor!.fullDescription.text.endsWith('…')).toBe(true);
    expect(cap('😀'.repeat(5), 3)).toBe('😀😀…');
  });

  it('two versions of one id are two descriptors, each named by its identity', () => {
    const v2 = projectRule('project.no-todo', { front: { version: '2' } });
    const produced2 = log(report('doctor', [TODO, v2], [finding(v2, 'FAIL', { file: 'a.ts', line: 1 })]));
    expect(produced2.runs[0]!.tool.driver.rules.map((r) => r.id)).toStrictEqual(['project.no-todo@1', 'project.no-todo@2']);
    expect(results(produced2).map((r) => [r.ruleId, r.ruleIndex])).toStrictEqual([['project.no-todo@2', 1]]);
  });

  it('a result of a rule the report does not hold gets a descriptor of its own', () => {
    const produced2 = log(report('doctor', [], [finding(LAYOUT, 'FAIL', { file: '.ai/manifest.yaml' })]));
    const [descriptor] = produced2.runs[0]!.tool.driver.rules;
    expect(descriptor!.id).toBe(LAYOUT.id);
    expect(results(produced2)[0]!.ruleIndex).toBe(0);
  });
});

describe('fingerprints: stable across runs, following the line, not its number', () => {
  const lines: Record<string, string[]> = { 'src/a.ts': ['one', '  // TODO a', 'two', '// TODO b', '// TODO a'] };
  const lineText = (file: string, line: number): string | undefined => lines[file]?.[line - 1];
  const todos = (at: readonly number[]): Finding[] =>
    at.map((line) => finding(TODO, 'FAIL', { file: 'src/a.ts', line, message: 'a TODO marker' }));
  const prints = (at: readonly number[], text = lineText): string[] =>
    results(log(report('doctor', catalogue, todos(at), { lineText: text }))).map((r) => r.partialFingerprints.primaryLocationLineHash);

  it('two renders of one report give the same log', () => {
    const of = report('doctor', catalogue, MIXED, { lineText });
    expect(renderToString(sarifReporter, of)).toBe(renderToString(sarifReporter, of));
  });

  it('the same message on lines of different text gets different fingerprints', () => {
    const [first, second] = prints([2, 4]);
    expect(first).not.toBe(second);
  });

  it('a line that moves keeps its fingerprint', () => {
    const before = prints([2]);
    const moved = prints([4], (file, line) => (line === 4 ? lineText(file, 2) : lineText(file, line)));
    expect(moved).toStrictEqual(before);
  });

  it('lines of the same text are told apart by their order', () => {
    const [first, again] = prints([2, 5]);
    expect(first!.replace(/:\d+$/, '')).toBe(again!.replace(/:\d+$/, ''));
    expect([first!.slice(-2), again!.slice(-2)]).toStrictEqual([':1', ':2']);
  });

  it('without a line to read, the message is hashed', () => {
    const a = prints([2], () => undefined);
    expect(prints([3], () => undefined)).toStrictEqual(a);
    const other = results(log(report('doctor', catalogue, [finding(TODO, 'FAIL', { file: 'src/a.ts', line: 2, message: 'another' })]))).map(
      (r) => r.partialFingerprints.primaryLocationLineHash,
    );
    expect(other).not.toStrictEqual(a);
  });

  it('a different rule on the same line is a different fingerprint', () => {
    const other = projectRule('project.other');
    const mine = prints([2]);
    const theirs = results(
      log(
        report('doctor', [...catalogue, other], [finding(other, 'FAIL', { file: 'src/a.ts', line: 2, message: 'a TODO marker' })], {
          lineText,
        }),
      ),
    ).map((r) => r.partialFingerprints.primaryLocationLineHash);
    expect(theirs).not.toStrictEqual(mine);
  });
});

describe('the caps: results and rules a run, what was left out said', () => {
  const warnings = [1, 2, 3].map((line) => finding(TODO, 'WARN', { file: 'w.ts', line }));
  const failures = [1, 2].map((line) => finding(POLICY, 'FAIL', { file: 'f.yaml', line }));
  const of = report('doctor', catalogue, [...warnings, ...failures]);

  it('under the cap nothing is left out, and the run says so', () => {
    expect(log(of).runs[0]!.properties).toMatchObject({ violations: 5, resultsReported: 5, resultsOmitted: 0, rulesOmitted: 0 });
    expect(log(of).runs[0]!.properties.truncated).toBeUndefined();
  });

  it('over the result cap, failing ones are kept first, in run order, and the count left out is said', () => {
    const capped = log(of, { ...SARIF_LIMITS, results: 3 });
    expect(results(capped).map((r) => [r.level, r.locations[0]!.physicalLocation!.region!.startLine])).toStrictEqual([
      ['warning', 1],
      ['error', 1],
      ['error', 2],
    ]);
    expect(capped.runs[0]!.properties).toMatchObject({
      violations: 5,
      resultsReported: 3,
      resultsOmitted: 2,
      limits: { resultsPerRun: 3 },
    });
    expect(capped.runs[0]!.properties.truncated).toMatch(/2 of 5 result/);
  });

  it('a kept result keeps the fingerprint it has uncapped', () => {
    const full = results(log(of)).map((r) => r.partialFingerprints.primaryLocationLineHash);
    const capped = results(log(of, { ...SARIF_LIMITS, results: 2 })).map((r) => r.partialFingerprints.primaryLocationLineHash);
    expect(capped).toStrictEqual(full.slice(3));
  });

  it('over the rule cap, the rules results name are kept, indices follow, and the count left out is said', () => {
    const capped = log(of, { ...SARIF_LIMITS, rules: 3 });
    const rules = capped.runs[0]!.tool.driver.rules;
    expect(rules).toHaveLength(3);
    expect(rules.map((r) => r.id)).toEqual(expect.arrayContaining([TODO.id, POLICY.id]));
    for (const result of results(capped)) expect(rules[result.ruleIndex!]!.id).toBe(result.ruleId);
    expect(capped.runs[0]!.properties).toMatchObject({ rulesOmitted: catalogue.length - 3 });
    expect(capped.runs[0]!.properties.truncated).toMatch(/rule\(s\) no result names left out/);
  });

  it('every result has exactly one location, well under the 1,000 a result may hold', () => {
    for (const result of results(log(of))) expect(result.locations).toHaveLength(1);
  });
});

describe('the published repository: package.json, else the documented constant', () => {
  it.each([
    [{ type: 'git', url: 'git+https://github.com/owner/name.git' }, undefined, 'https://github.com/owner/name'],
    ['github:owner/name', undefined, 'https://github.com/owner/name'],
    ['owner/name', undefined, 'https://github.com/owner/name'],
    ['git@github.com:owner/name.git', undefined, 'https://github.com/owner/name'],
    ['git://github.com/owner/name.git', undefined, 'https://github.com/owner/name'],
    ['https://gitlab.example/owner/name/', undefined, 'https://gitlab.example/owner/name'],
    [undefined, 'https://github.com/owner/name#readme', 'https://github.com/owner/name'],
    [{ url: 'file:../local' }, 'https://example.com/home', 'https://example.com/home'],
    [undefined, undefined, undefined],
    [42, 'not a url', undefined],
  ] as const)('repository %j, homepage %j → %s', (repository, homepage, expected) => {
    expect(repositoryUrl(repository, homepage)).toBe(expected);
  });

  it('the tool names its version and a web address', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
      repository?: unknown;
      homepage?: unknown;
    };
    expect(toolInfo()).toStrictEqual({
      version: pkg.version,
      repositoryUrl: repositoryUrl(pkg.repository, pkg.homepage) ?? DEFAULT_REPOSITORY_URL,
    });
  });

  it('docs/RULES.md documents exactly the packs under rules/', () => {
    expect([...DOCUMENTED_PACKS].sort()).toStrictEqual(readdirSync(join(ROOT, 'rules')).sort());
  });
});
