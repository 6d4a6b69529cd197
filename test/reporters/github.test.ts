/**
 * The GitHub workflow-command reporter, in process: one `::error` or `::warning` line per violation with
 * the file, line, column and title GitHub reads, escaped as the runner decodes (`%`, CR and LF in the
 * message; `:` and `,` too in a property), then the gate's summary as a plain line.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../engine/api/findings';
import { escapeData, escapeProperty, githubReporter } from '../../engine/reporters/github';
import { renderToString } from '../../engine/reporters/report';
import type { Rule } from '../../engine/ruleset/rules';
import { distributionRules, finding, projectRule, report } from '../helpers/reports';

const shipped = distributionRules();
const POLICY = shipped.find((rule) => rule.id === 'majordomus.policy-integrity')!;
const TODO = projectRule('project.no-todo');
const catalogue: readonly Rule[] = [...shipped, TODO];

function lines(findings: readonly Finding[], gate: 'doctor' | 'watch' = 'doctor', rulesInRepository = true): string[] {
  return renderToString(githubReporter, report(gate, catalogue, findings, { rulesInRepository }))
    .split('\n')
    .slice(0, -1);
}

describe('escaping, as the runner decodes', () => {
  it.each([
    ['plain', 'plain', 'plain'],
    ['100%', '100%25', '100%25'],
    ['a\nb', 'a%0Ab', 'a%0Ab'],
    ['a\r\nb', 'a%0D%0Ab', 'a%0D%0Ab'],
    ['a: b, c', 'a: b, c', 'a%3A b%2C c'],
    // an escape already in the text is not decoded by mistake: % goes first
    ['%0A', '%250A', '%250A'],
    ['%3A,', '%253A,', '%253A%2C'],
    ['::error::forged', '::error::forged', '%3A%3Aerror%3A%3Aforged'],
  ])('%j → data %j, property %j', (value, data, property) => {
    expect(escapeData(value)).toBe(data);
    expect(escapeProperty(value)).toBe(property);
  });
});

describe('one command per violation, then the summary', () => {
  it('FAIL and DRIFT are errors, WARN a warning; OK and INFO print nothing', () => {
    const out = lines([
      finding(POLICY, 'FAIL', { file: '.ai/repo/policy.yaml', line: 76, message: 'unknown key `colour`' }),
      finding(TODO, 'WARN', { file: 'src/a.ts', line: 2, column: 6, endColumn: 10, message: 'a TODO marker' }),
      finding(POLICY, 'OK', { message: 'checked' }),
      finding(POLICY, 'INFO', { message: 'noted' }),
    ]);
    expect(out).toStrictEqual([
      '::error file=.ai/repo/policy.yaml,line=76,title=majordomus.policy-integrity (policy)::unknown key `colour`',
      '::warning file=src/a.ts,line=2,col=6,title=project.no-todo (hygiene)::a TODO marker',
      'doctor: 1 failure(s), 1 warning(s)',
    ]);
  });

  it('DRIFT under watch is an error', () => {
    expect(lines([finding(POLICY, 'DRIFT', { file: 'p.yaml', line: 1, message: 'drifted' })], 'watch')[0]).toMatch(/^::error /);
  });

  it('the subject leads the message when it is not the file', () => {
    expect(lines([finding(POLICY, 'FAIL', { file: 'p.yaml', subject: 'profiles.default', message: 'names no profile' })])[0]).toBe(
      '::error file=p.yaml,title=majordomus.policy-integrity (policy)::profiles.default — names no profile',
    );
  });

  it('a finding without a file is placed on its rule’s file; outside the repository, on nothing', () => {
    const lone = finding(POLICY, 'FAIL', { subject: 'profiles', message: 'missing' });
    expect(lines([lone])[0]).toBe(`::error file=${POLICY.file},title=majordomus.policy-integrity (policy)::profiles — missing`);
    expect(lines([lone], 'doctor', false)[0]).toBe('::error title=majordomus.policy-integrity (policy)::profiles — missing');
  });

  it('a file, a category and a message that hold separators and line breaks stay one command', () => {
    const out = lines([finding(TODO, 'FAIL', { file: 'a,b:c%.ts', line: 1, category: 'x,y', message: 'one\n::error::forged' })]);
    expect(out).toHaveLength(2);
    expect(out[0]).toBe('::error file=a%2Cb%3Ac%25.ts,line=1,title=project.no-todo (x%2Cy)::one%0A::error::forged');
  });
});
