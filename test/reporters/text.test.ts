/**
 * The text format's summary line: one grammar for every gate but finish (`<gate>: F failure(s)`, then
 * warnings and drift when there are any), counting the violations — which every form of the output
 * prints, `--quiet` included — and nothing that `--quiet` leaves out. In process, on findings made by
 * hand; then `check --quiet` on the built CLI, whose summary counts exactly the lines it shows.
 */
import { describe, expect, it } from 'vitest';
import type { Finding, Level } from '../../engine/api/findings';
import { renderToString } from '../../engine/reporters/report';
import { summary, textReporter } from '../../engine/reporters/text';
import { committedAdoption } from '../helpers/prepared';
import { repoFactory } from '../helpers/repo';
import { distributionRules, finding, report } from '../helpers/reports';

const shipped = distributionRules();
const POLICY = shipped.find((rule) => rule.id === 'majordomus.policy-integrity')!;
const made = (levels: readonly Level[]): Finding[] => levels.map((level) => finding(POLICY, level));

describe('the summary grammar', () => {
  it.each([
    ['doctor', [], 'doctor: 0 failure(s)'],
    ['doctor', ['OK', 'INFO', 'OK'], 'doctor: 0 failure(s)'],
    ['doctor', ['FAIL', 'OK', 'FAIL'], 'doctor: 2 failure(s)'],
    ['check', ['WARN', 'INFO', 'INFO', 'OK'], 'check: 0 failure(s), 1 warning(s)'],
    ['check', ['FAIL', 'WARN', 'WARN'], 'check: 1 failure(s), 2 warning(s)'],
    ['watch', ['DRIFT', 'DRIFT', 'OK'], 'watch: 0 failure(s), 2 drift finding(s)'],
    ['watch', ['FAIL', 'DRIFT', 'WARN'], 'watch: 1 failure(s), 1 warning(s), 1 drift finding(s)'],
    ['finish', ['FAIL', 'FAIL', 'OK'], 'finish: refused, 2 unmet'],
    ['finish', ['OK', 'WARN'], 'finish: ready, 0 unmet'],
  ] as const)('%s with %j: %s', (gate, levels, expected) => {
    expect(summary(gate, made(levels))).toBe(expected);
  });

  it('--quiet prints every violation the summary counts, and nothing it does not', () => {
    const findings = made(['OK', 'INFO', 'WARN', 'INFO', 'FAIL', 'OK']);
    const quiet = renderToString(textReporter, report('check', shipped, findings, {}, { quiet: true }))
      .trimEnd()
      .split('\n');
    expect(quiet.slice(0, -1).map((line) => line.slice(0, 4))).toStrictEqual(['WARN', 'FAIL']);
    expect(quiet.at(-1)).toBe('check: 1 failure(s), 1 warning(s)');
    const full = renderToString(textReporter, report('check', shipped, findings))
      .trimEnd()
      .split('\n');
    expect(full).toHaveLength(findings.length + 1);
    expect(full.at(-1)).toBe(quiet.at(-1));
  });
});

describe('check --quiet on the built CLI', () => {
  const repos = repoFactory();
  const adopted = committedAdoption(repos);

  it('the summary counts the lines shown, by level', () => {
    const repo = adopted();
    expect(repo.run(['start', 'a task', '--scope', 'src/']).code).toBe(0);
    repo.write('outside.txt', 'not in the scope\n');
    const full = repo.run(['check']);
    const quiet = repo.run(['check', '--quiet']);
    expect(quiet.code).toBe(full.code);
    const shown = quiet.stdout.trimEnd().split('\n');
    const levels = shown.slice(0, -1).map((line) => line.slice(0, 4).trim());
    const fails = levels.filter((level) => level === 'FAIL').length;
    const warnings = levels.filter((level) => level === 'WARN').length;
    expect(fails).toBeGreaterThan(0);
    expect(levels.every((level) => level === 'FAIL' || level === 'WARN' || level === 'DRIFT')).toBe(true);
    expect(shown.at(-1)).toBe(`check: ${fails} failure(s)${warnings > 0 ? `, ${warnings} warning(s)` : ''}`);
    // the full output says the same, above more lines
    expect(full.stdout.trimEnd().split('\n').at(-1)).toBe(shown.at(-1));
    expect(full.stdout.split('\n').length).toBeGreaterThan(shown.length);
  });

  it('JUnit with only a WARN: exit 0 and failures="0", the warning kept as the testcase\'s system-out', () => {
    const repo = adopted();
    // an advisory rule whose example options report here: one WARN, nothing failing
    expect(repo.run(['rules', 'new', 'readme-present', '--validator', 'paths']).code).toBe(0);
    const text = repo.run(['doctor', '--quiet']);
    expect(text.code).toBe(0);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe('doctor: 0 failure(s), 1 warning(s)');
    const junit = repo.run(['doctor', '--format', 'junit']);
    expect(junit.code).toBe(0);
    expect(junit.stdout).toMatch(/<testsuites name="majordomus" tests="\d+" failures="0"/);
    expect(junit.stdout).not.toContain('<failure');
    expect(junit.stdout).toMatch(/<system-out>WARN \S+ — README\.md — nothing tracked matches/);
    repos.disposeAll();
  });
});
