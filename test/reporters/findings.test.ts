/**
 * What every reporter relies on: the one decision of what is a violation and what fails the gate, the
 * JSON line's key order (old keys first, new ones after), and a finding's position arriving whole from
 * a validator — built-in or, through its worker's reports, the repository's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding, Level } from '../../engine/api/findings';
import { exitCodeOf, isFailing, isOutcome, isSeverity, isViolation, SEVERITIES } from '../../engine/api/findings';
import type { NoteRecord, WorkerMessage } from '../../engine/gate/isolation/protocol';
import { Reports } from '../../engine/gate/isolation/reports';
import { publishedRepositoryUrl, ruleHelp, ruleHelpUrl } from '../../engine/packs/rule-docs';
import { formatJson, jsonReporter } from '../../engine/reporters/json';
import { renderToString } from '../../engine/reporters/report';
import { textReporter } from '../../engine/reporters/text';
import { ROOT } from '../helpers/repo';
import { distributionRules, finding, projectRule, report } from '../helpers/reports';

const at = (level: Level, exitCode = 0): Finding => ({ level, category: 'c', subject: 's', message: 'm', exitCode });

describe('levels: outcome apart from severity, one decision of violation and failure', () => {
  it.each([
    ['FAIL', true, true, 'error'],
    ['DRIFT', true, true, 'error'],
    ['WARN', true, false, 'warning'],
    ['OK', false, false, undefined],
    ['INFO', false, false, undefined],
  ] as const)('%s: violation %s, failing %s, SARIF %s', (level, violation, failing, sarif) => {
    expect(isSeverity(level)).toBe(violation);
    expect(isOutcome(level)).toBe(!violation);
    expect(isViolation(at(level))).toBe(violation);
    expect(isFailing(at(level))).toBe(failing);
    expect(isSeverity(level) ? SEVERITIES[level].sarif : undefined).toBe(sarif);
  });

  it('the exit code is the highest a failing finding asks for; a WARN asks for none', () => {
    expect(exitCodeOf([at('WARN', 10), at('FAIL', 10), at('DRIFT', 11), at('OK')])).toBe(11);
    expect(exitCodeOf([at('WARN', 10), at('INFO')])).toBe(0);
  });
});

describe('JSON lines keep their keys, in order, and add the new ones after', () => {
  it('level … line, then column, endLine, endColumn, version, help, fix', () => {
    const rule = distributionRules().find((r) => r.id === 'majordomus.policy-integrity')!;
    const line = JSON.parse(formatJson(finding(rule, 'FAIL', { file: 'p.yaml', line: 3, column: 2, endLine: 4, endColumn: 1 }))) as Record<
      string,
      unknown
    >;
    expect(Object.keys(line)).toStrictEqual([
      'level',
      'category',
      'subject',
      'message',
      'reproduce',
      'rule',
      'file',
      'line',
      'column',
      'endLine',
      'endColumn',
      'version',
      'help',
      'fix',
    ]);
    expect(line).toMatchObject({
      column: 2,
      endLine: 4,
      endColumn: 1,
      version: 1,
      help: `${publishedRepositoryUrl()}/blob/HEAD/docs/RULES.md#rule-majordomus.policy-integrity`,
    });
    expect(JSON.parse(formatJson(at('OK')))).toMatchObject({ column: null, endLine: null, endColumn: null, version: null, help: null });
  });

  it('a project rule has no help anchor; a shipped one has', () => {
    expect(ruleHelp(projectRule('project.x'))).toBeUndefined();
    expect(ruleHelp(distributionRules().find((r) => r.id === 'BS-STATE-01')!)).toBe('docs/RULES.md#rule-BS-STATE-01');
  });

  it("a finding's help is the web address SARIF gives, which resolves from a repository that has no docs/RULES.md", () => {
    const catalogue = readFileSync(join(ROOT, 'docs/RULES.md'), 'utf8');
    for (const rule of distributionRules()) {
      const url = ruleHelpUrl(rule)!;
      expect(url).toMatch(/^https:\/\/[^\s]+\/blob\/HEAD\/docs\/RULES\.md#rule-/);
      // the anchor is a row of the catalogue the package ships
      expect(catalogue, rule.id).toContain(`id="${url.split('#')[1]}"`);
    }
    expect(ruleHelpUrl(projectRule('project.x'))).toBeUndefined();
  });

  it('--quiet leaves OK and INFO out of text and JSON alike', () => {
    const rule = projectRule('project.x');
    const of = report(
      'doctor',
      [rule],
      [finding(rule, 'OK'), finding(rule, 'INFO'), finding(rule, 'WARN'), finding(rule, 'FAIL')],
      {},
      { quiet: true },
    );
    expect(
      renderToString(jsonReporter, of)
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { level: string }).level),
    ).toStrictEqual(['WARN', 'FAIL']);
    expect(
      renderToString(textReporter, of)
        .trim()
        .split('\n')
        .map((l) => l.split(' ')[0]),
    ).toStrictEqual(['WARN', 'FAIL', 'doctor:']);
  });
});

describe('a repository validator’s position crosses its worker', () => {
  function records(add: (reports: Reports) => void): NoteRecord[] {
    const sent: WorkerMessage[] = [];
    const reports = new Reports((message) => sent.push(message));
    add(reports);
    reports.settle();
    return sent.flatMap((message) => (message.type === 'notes' ? [...message.notes] : []));
  }

  it('column, end line and end column arrive when given; a value that is no position is dropped', () => {
    expect(
      records((reports) => {
        reports.add('violation', { subject: 's', message: 'm', file: 'a.ts', line: 2, column: 5, endLine: 3, endColumn: 1 });
        reports.add('ok', { subject: 's', message: 'm', column: 0, endLine: 'x', endColumn: 2.5 });
        reports.add('info', { subject: 's', message: 'm' });
      }),
    ).toStrictEqual([
      ['violation', 's', 'm', 'a.ts', 2, undefined, undefined, [5, 3, 1]],
      ['ok', 's', 'm', undefined, undefined, undefined, undefined],
      ['info', 's', 'm', undefined, undefined, undefined, undefined],
    ]);
  });
});
