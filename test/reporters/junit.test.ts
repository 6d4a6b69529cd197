/**
 * The JUnit reporter, in process, read back by a real XML parser: one testsuite for the gate, one
 * testcase per rule, a failure per violation (type = category, the body naming file:line), skipped for
 * a rule the gate did not check, and text that stays well-formed XML 1.0 whatever it holds.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../engine/api/findings';
import { attribute, junitReporter, text } from '../../engine/reporters/junit';
import type { GateReport } from '../../engine/reporters/report';
import { renderToString } from '../../engine/reporters/report';
import type { Rule } from '../../engine/ruleset/rules';
import { distributionRules, finding, projectRule, report } from '../helpers/reports';

const shipped = distributionRules();
const byId = (id: string): Rule => shipped.find((rule) => rule.id === id)!;
const POLICY = byId('majordomus.policy-integrity');
const WIRING = byId('majordomus.enforcement-wiring');
const ADVISORY = byId('majordomus.define-done-first');
const SESSION_RULE = byId('BS-STATE-01');
const TODO = projectRule('project.no-todo');
const catalogue = [...shipped, TODO];

interface Failure {
  '@_message': string;
  '@_type': string;
  '#text': string;
}
interface Testcase {
  '@_name': string;
  '@_classname': string;
  failure?: Failure[];
  skipped?: { '@_message': string }[];
  'system-out'?: string;
}
interface Suite {
  '@_name': string;
  '@_tests': string;
  '@_failures': string;
  '@_skipped': string;
  testcase: Testcase[];
  properties: { property: { '@_name': string; '@_value': string }[] };
}
interface Parsed {
  testsuites: { '@_tests': string; '@_failures': string; testsuite: Suite[] };
}

/** Render `of` and parse it back, after checking it is well-formed. */
function parsed(of: GateReport): Parsed {
  const xml = renderToString(junitReporter, of);
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ['testsuite', 'testcase', 'failure', 'skipped', 'property'].includes(name),
    // the values as written: no numbers guessed from text, entities decoded
    parseAttributeValue: false,
    parseTagValue: false,
    processEntities: true,
    // numeric character references (&#10;) are decoded only with this on; no named HTML entity is ever written
    htmlEntities: true,
    trimValues: false,
  });
  return parser.parse(xml) as Parsed;
}

function testcase(of: Parsed, name: string): Testcase {
  return of.testsuites.testsuite[0]!.testcase.find((c) => c['@_name'] === name)!;
}

const FINDINGS: readonly Finding[] = [
  finding(POLICY, 'FAIL', {
    file: '.ai/repo/policy.yaml',
    line: 76,
    message: 'unknown key `colour`',
    reproduce: 'majordomus doctor --rule majordomus.policy-integrity',
  }),
  finding(POLICY, 'FAIL', { file: '.ai/repo/profiles/x.yaml', message: 'name differs' }),
  finding(TODO, 'WARN', { file: 'src/a.ts', line: 2, column: 6, message: 'a TODO marker' }),
  finding(WIRING, 'OK', { subject: 'hooks', message: 'wired' }),
];

describe('one testsuite for the gate, one testcase per rule', () => {
  const doc = parsed(report('doctor', catalogue, FINDINGS));
  const suite = doc.testsuites.testsuite[0]!;

  it('the testsuite is the gate, with the exit code among its properties', () => {
    expect(doc.testsuites.testsuite).toHaveLength(1);
    expect(suite['@_name']).toBe('doctor');
    expect(suite.properties.property.find((p) => p['@_name'] === 'exitCode')!['@_value']).toBe('10');
  });

  it('a testcase for every rule of the catalogue, named by its identity', () => {
    expect(suite.testcase.map((c) => c['@_name'])).toStrictEqual(catalogue.map((rule) => rule.identity));
  });

  it('a failure per violation, typed by category, its body naming the file and line', () => {
    const policy = testcase(doc, POLICY.identity);
    expect(policy.failure!.map((f) => [f['@_type'], f['@_message']])).toStrictEqual([
      ['policy', 'unknown key `colour`'],
      ['policy', 'name differs'],
    ]);
    expect(policy.failure![0]!['#text']).toBe(
      'FAIL .ai/repo/policy.yaml:76 — unknown key `colour`\nreproduce: majordomus doctor --rule majordomus.policy-integrity',
    );
    expect(policy.failure![1]!['#text']).toBe('FAIL .ai/repo/profiles/x.yaml — name differs');
  });

  it("an advisory rule's WARN is no failure: the testcase passes and carries it as system-out", () => {
    const todo = testcase(doc, TODO.identity);
    expect(todo.failure).toBeUndefined();
    expect(todo.skipped).toBeUndefined();
    expect(todo['system-out']).toBe('WARN src/a.ts:2:6 — a TODO marker');
  });

  it('with only a WARN the exit code is 0 and failures="0", in the suite and the document', () => {
    const warned = parsed(report('check', catalogue, [FINDINGS[2]!]));
    const only = warned.testsuites.testsuite[0]!;
    expect(only.properties.property.find((p) => p['@_name'] === 'exitCode')!['@_value']).toBe('0');
    expect(only['@_failures']).toBe('0');
    expect(warned.testsuites['@_failures']).toBe('0');
    expect(only.testcase.filter((c) => c.failure)).toStrictEqual([]);
  });

  it('a rule that passed has neither failure nor skipped', () => {
    const wiring = testcase(doc, WIRING.identity);
    expect(wiring.failure).toBeUndefined();
    expect(wiring.skipped).toBeUndefined();
  });

  it('skipped: a rule not machine-enforced, a rule of another gate, a rule whose every check was skipped', () => {
    expect(testcase(doc, ADVISORY.identity).skipped![0]!['@_message']).toMatch(/not machine-enforced/);
    expect(testcase(doc, SESSION_RULE.identity).skipped![0]!['@_message']).toMatch(/not enforced at doctor \(its gates: session\)/);
    const skippedOnly = parsed(
      report('doctor', catalogue, [finding(WIRING, 'INFO', { message: 'not checked: no hooks directory', skipped: true })]),
    );
    expect(testcase(skippedOnly, WIRING.identity).skipped![0]!['@_message']).toBe('not checked: no hooks directory');
  });

  it('the counts: tests, failing testcases, skipped testcases', () => {
    const skipped = suite.testcase.filter((c) => c.skipped).length;
    expect(suite['@_tests']).toBe(String(catalogue.length));
    // the policy rule's two FAILs fail one testcase; the WARN fails none
    expect(suite['@_failures']).toBe('1');
    expect(suite['@_skipped']).toBe(String(skipped));
    expect(doc.testsuites['@_tests']).toBe(suite['@_tests']);
  });

  it('a finding of a rule the report does not hold gets a testcase of its own', () => {
    const lone = parsed(report('doctor', [], [finding(POLICY, 'FAIL', { file: '.ai/manifest.yaml', line: 3 })]));
    expect(lone.testsuites.testsuite[0]!.testcase.map((c) => [c['@_name'], c.failure?.length])).toStrictEqual([[POLICY.id, 1]]);
  });
});

describe('escaping: whatever a finding holds, the document stays XML 1.0 and reads back', () => {
  const HOSTILE: readonly [string, string, string][] = [
    ['markup', `a <b> & "c" 'd' ]]>`, `a <b> & "c" 'd' ]]>`],
    ['a line break and a tab', 'a\nb\tc', 'a\nb\tc'],
    ['a carriage return', 'a\r\nb', 'a\r\nb'],
    ['a NUL, an escape, a vertical tab', 'a\u0000b\u001bc\u000bd', 'a\\u0000b\\u001bc\\u000bd'],
    ['a lone surrogate and U+FFFE', 'a\ud800b\ufffe', 'a\\ud800b\\ufffe'],
    ['a pair and non-ASCII', 'é 😀', 'é 😀'],
  ];

  it.each(HOSTILE)('%s in the message, the category, the file and the subject', (_name, value, expected) => {
    const hostile = finding(TODO, 'FAIL', { file: `src/${value}.ts`, line: 1, category: value, message: value });
    const doc = parsed(report('check', catalogue, [hostile], {}, { subject: value }));
    const failure = testcase(doc, TODO.identity).failure![0]!;
    expect(failure['@_message']).toBe(expected);
    expect(failure['@_type']).toBe(expected);
    expect(failure['#text']).toBe(`FAIL src/${expected}.ts:1 — ${expected}`);
  });

  it('text and attribute escape the same characters a parser would otherwise take', () => {
    expect(text('<&>\r')).toBe('&lt;&amp;&gt;&#13;');
    expect(attribute('"\n\t')).toBe('&quot;&#10;&#9;');
  });
});
