/**
 * The gate commands (doctor, check, watch, finish --check) run by the built CLI in fresh temporary git
 * repositories: missing layer (12), outside git (2), the text and JSON formats, --rule, --quiet,
 * MAJORDOMUS_TIMING, the exit-code policy, usage errors, and YAML bombs in project rules (10, never 134).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../helpers/repo';
import { parseFindings, ROOT, repoFactory } from '../helpers/repo';
import { billionLaughs, blockMappings, blockSequences } from '../helpers/yaml-bombs';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

/** A finding line of the text format: level padded to 4, category padded to 11, subject, em dash, message. */
const FINDING_LINE = /^(FAIL|WARN|DRIFT|OK {2}|INFO) [a-z-]{1,11} *\S.* \u2014 .+/;
const REPRODUCE_SUFFIX = / {2}\[reproduce: majordomus doctor --rule ([A-Za-z0-9._-]+)\]$/;
/** The eight keys in their order, then the keys added after them (a finding's position, its rule's version and help, its fix). */
const JSON_KEYS = [
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
];
const LAYOUT_RULE = 'majordomus.ai-layout-integrity';

function lines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line !== '');
}

function adopted(): TempRepo {
  return repos.create().init();
}

describe('a repository without a layer', () => {
  it.each([['doctor'], ['check'], ['watch']])('%s exits 12 and says `run: majordomus init`', (command) => {
    const repo = repos.create();
    const result = repo.run([command]);
    expect(result.code).toBe(12);
    expect(result.stderr).toContain('run: majordomus init');
    expect(result.stdout).toBe('');
  });

  it.each([['doctor'], ['check'], ['watch'], ['finish', '--check']])('`%s` outside a git repository exits 2', (...command) => {
    const dir = repos.create({ git: false });
    const result = dir.run(command, { env: { GIT_CEILING_DIRECTORIES: dirname(dir.dir) } });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });
});

describe('doctor output', () => {
  let repo: TempRepo;
  let text: { code: number; stdout: string };
  let json: { code: number; stdout: string };
  beforeAll(() => {
    repo = adopted();
    repo.remove('.ai/README.md'); // one rule fails: the layout
    text = repo.run(['doctor']);
    json = repo.run(['doctor', '--json']);
  });

  it('prints one finding a line in the fixed columns, then `doctor: N failure(s)` with N the FAIL lines', () => {
    expect(text.code).toBe(10);
    const all = lines(text.stdout);
    const findings = all.slice(0, -1);
    expect(findings.length).toBeGreaterThan(0);
    for (const line of findings) {
      expect(line).toMatch(FINDING_LINE);
      if (!line.startsWith('DRIFT')) {
        expect(line[4]).toBe(' ');
        expect(line.slice(5, 16)).toMatch(/^[a-z-]{1,11} *$/);
        expect(line[16]).toBe(' ');
      }
    }
    const fails = findings.filter((line) => line.startsWith('FAIL '));
    expect(fails.length).toBeGreaterThan(0);
    expect(all.at(-1)).toBe(`doctor: ${fails.length} failure(s)`);
    expect(fails.some((line) => /^FAIL layout {6}\.ai\/README\.md /.test(line))).toBe(true);
  });

  it('ends every FAIL line with `  [reproduce: majordomus doctor --rule <id>]` naming a rule of the run', () => {
    const ruleIds = new Set(parseFindings(json.stdout).map((finding) => finding.rule));
    const fails = lines(text.stdout).filter((line) => line.startsWith('FAIL '));
    for (const line of fails) {
      const match = REPRODUCE_SUFFIX.exec(line);
      expect(match, line).not.toBeNull();
      expect(ruleIds.has(match![1]!), line).toBe(true);
    }
    const layout = fails.find((line) => line.startsWith('FAIL layout '));
    expect(REPRODUCE_SUFFIX.exec(layout!)?.[1]).toBe(LAYOUT_RULE);
  });

  it('--json prints one object a line with the eight keys in order, the new ones after, and no summary line', () => {
    expect(json.code).toBe(10);
    const all = lines(json.stdout);
    expect(all.length).toBe(lines(text.stdout).length - 1);
    for (const line of all) {
      const value = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(value)).toEqual(JSON_KEYS);
    }
    const findings = parseFindings(json.stdout);
    expect(findings).toContainEqual(
      expect.objectContaining({ level: 'FAIL', category: 'layout', subject: '.ai/README.md', rule: LAYOUT_RULE }),
    );
    // the same findings, in the same order, as the text run
    const textLevels = lines(text.stdout)
      .slice(0, -1)
      .map((line) => line.slice(0, 5).trim());
    expect(findings.map((finding) => finding.level)).toEqual(textLevels);
  });

  it.each([[LAYOUT_RULE], [`${LAYOUT_RULE}@1`]])('--rule %s runs only that rule', (rule) => {
    const result = repo.gate(['doctor', '--rule', rule]);
    expect(result.code).toBe(10);
    expect(result.findings.length).toBeGreaterThan(0);
    for (const finding of result.findings) expect(finding.rule).toBe(LAYOUT_RULE);
    expect(result.findings).toContainEqual(expect.objectContaining({ level: 'FAIL', category: 'layout', subject: '.ai/README.md' }));
  });

  it('--rule of a passing rule exits 0 whatever other rules say', () => {
    const result = repo.gate(['doctor', '--rule', 'majordomus.scope-file-integrity']);
    expect(result.code).toBe(0);
    expect(result.findings.length).toBeGreaterThan(0);
    for (const finding of result.findings) {
      expect(finding.rule).toBe('majordomus.scope-file-integrity');
      expect(finding.level).toBe('OK');
    }
  });

  it('--rule repeated runs each rule named, once, in the order of the rule set', () => {
    const wanted = ['majordomus.scope-file-integrity', LAYOUT_RULE];
    const listed = repo
      .run(['rules', 'list', '--json'])
      .stdout.trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id)
      .filter((id) => wanted.includes(id));
    const result = repo.gate(['doctor', '--rule', wanted[0]!, '--rule', wanted[1]!, '--rule', `${LAYOUT_RULE}@1`]);
    expect(result.code).toBe(10);
    const ran = result.findings.map((finding) => finding.rule).filter((rule, index, all) => all.indexOf(rule) === index);
    expect(ran).toEqual(listed);
    expect(ran).toHaveLength(2);
    // in the other order on the command line, the same run
    expect(repo.gate(['doctor', '--rule', wanted[1]!, '--rule', wanted[0]!]).findings.map((finding) => finding.rule)).toEqual(
      result.findings.map((finding) => finding.rule),
    );
  });

  it.each([
    ['an id', ['majordomus.scope-file-integrty'], 'did you mean majordomus.scope-file-integrity?'],
    ['an identity', ['majordomus.scope-file-integrity@2'], 'did you mean majordomus.scope-file-integrity@1?'],
    ['one of two', [LAYOUT_RULE, 'majordomus.polcy-integrity'], 'did you mean majordomus.policy-integrity?'],
  ])('--rule naming an unknown %s exits 2, runs nothing, and suggests the nearest', (_what, ids, suggestion) => {
    const result = repo.run(['doctor', ...ids.flatMap((id) => ['--rule', id])]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(suggestion);
  });

  it.each([
    ['no rule of that id', ['doctor', '--rule', 'no.such-rule']],
    ['a rule no gate enforces', ['doctor', '--rule', 'majordomus.sessions-are-workers']],
    ['a rule not enforced at check', ['check', '--rule', LAYOUT_RULE]],
    ['a rule not enforced at watch', ['watch', '--rule', 'majordomus.doctrine-wiring-integrity']],
  ])('--rule naming %s exits 2', (_name, args) => {
    const result = repo.run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('--quiet prints only the findings that are not OK or INFO, then the same summary', () => {
    const quiet = repo.run(['doctor', '--quiet']);
    expect(quiet.code).toBe(text.code);
    const full = lines(text.stdout);
    expect(full.some((line) => line.startsWith('OK   '))).toBe(true);
    const expected = [...full.slice(0, -1).filter((line) => !line.startsWith('OK ') && !line.startsWith('INFO ')), full.at(-1)];
    expect(lines(quiet.stdout)).toEqual(expected);
    for (const line of lines(quiet.stdout).slice(0, -1)) expect(line).toMatch(/^(FAIL|WARN|DRIFT) /);
  });

  it('MAJORDOMUS_TIMING=1 prints a TIMING line per rule and a total on stderr, and leaves stdout alone', () => {
    const timedJson = repo.run(['doctor', '--json'], { env: { MAJORDOMUS_TIMING: '1' } });
    const timing = lines(timedJson.stderr).filter((line) => line.startsWith('TIMING '));
    const perRule = timing.map((line) => /^TIMING +\d+\.\d ms {2}([A-Za-z0-9._-]+)@\d+$/.exec(line)?.[1]).filter((id) => id !== undefined);
    const totals = timing
      .map((line) => /^TIMING +\d+\.\d ms {2}doctor \((\d+) rule\(s\)\)$/.exec(line)?.[1])
      .filter((n) => n !== undefined);
    const ruleIds = new Set(parseFindings(timedJson.stdout).map((finding) => finding.rule));
    expect(perRule.length).toBe(ruleIds.size);
    expect(new Set(perRule)).toEqual(ruleIds);
    expect(totals).toEqual([String(perRule.length)]);
    expect(timing.length).toBe(perRule.length + 1);
    expect(timedJson.stdout).toBe(json.stdout);
    expect(timedJson.code).toBe(json.code);

    const timedText = repo.run(['doctor'], { env: { MAJORDOMUS_TIMING: '1' } });
    expect(timedText.stdout).toBe(text.stdout);
    expect(lines(text.stdout).some((line) => line.startsWith('TIMING'))).toBe(false);
    expect(repo.run(['doctor']).stderr).not.toMatch(/^TIMING /m);
  });
});

describe('exit-code policy', () => {
  it('watch on a blocking watch rule violation exits 11 with DRIFT findings and `watch: 0 failure(s), N drift finding(s)`', () => {
    const repo = adopted();
    repo.remove('.ai/README.md');
    const json = repo.gate(['watch']);
    expect(json.code).toBe(11);
    expect(json.findings).toContainEqual(
      expect.objectContaining({ level: 'DRIFT', category: 'layout', subject: '.ai/README.md', rule: LAYOUT_RULE }),
    );
    expect(json.findings.filter((finding) => finding.level === 'FAIL')).toEqual([]);
    const drift = json.findings.filter((finding) => finding.level === 'DRIFT').length;
    const text = repo.run(['watch']);
    expect(text.code).toBe(11);
    expect(lines(text.stdout).at(-1)).toBe(`watch: 0 failure(s), ${drift} drift finding(s)`);
    expect(lines(text.stdout).filter((line) => line.startsWith('DRIFT '))).toHaveLength(drift);
  });

  it('watch on a healthy layer exits 0 with `watch: 0 failure(s)`', () => {
    const repo = adopted();
    const text = repo.run(['watch']);
    expect(text.code).toBe(0);
    expect(lines(text.stdout).at(-1)).toBe('watch: 0 failure(s)');
  });

  it('watch over a refused rule exits 10 and its summary counts the failure beside the drift', () => {
    const repo = adopted();
    repo.write('.ai/repo/rules/project/broken.v1.md', '---\nid: [\n---\n');
    const json = repo.gate(['watch']);
    expect(json.code).toBe(10);
    const failures = json.findings.filter((finding) => finding.level === 'FAIL').length;
    expect(failures).toBeGreaterThan(0);
    const text = repo.run(['watch']);
    expect(text.code).toBe(10);
    expect(lines(text.stdout).at(-1)).toBe(`watch: ${failures} failure(s)`);
  });

  it('check with no active task exits 12, says how to start one and runs no rule', () => {
    const repo = adopted();
    for (const args of [['check'], ['check', '--json'], ['check', '--format', 'sarif']]) {
      const result = repo.run(args);
      expect(result.code, args.join(' ')).toBe(12);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('majordomus: check: no active task (run: majordomus start "<task>" --scope <pathspec>)\n');
    }
  });

  it('finish without --check exits 2', () => {
    const repo = adopted();
    const result = repo.run(['finish']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('finish --check exits 0 with `finish: ready, 0 unmet`', () => {
    const repo = adopted();
    const result = repo.run(['finish', '--check']);
    expect(result.code).toBe(0);
    expect(lines(result.stdout).at(-1)).toBe('finish: ready, 0 unmet');
  });
});

describe('usage', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = adopted();
  });

  it.each([
    ['an unknown command', ['frobnicate']],
    ['an unknown option', ['doctor', '--frobnicate']],
    ['an unknown global option', ['--frobnicate']],
    ['--rule without a value', ['doctor', '--rule']],
  ])('%s exits 2', (_name, args) => {
    const result = repo.run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it.each([['--version'], ['-V']])('%s exits 0 and prints the package version', (flag) => {
    const result = repo.run([flag]);
    expect(result.code).toBe(0);
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(result.stdout.trim()).toBe(version);
  });
});

describe('YAML bombs in project rules', () => {
  const body = '# Rationale\nx\n\n# Required behaviour\nx\n\n# Failure behaviour\nx\n\n# Verification\nx\n';
  const files = {
    deepA: '.ai/repo/rules/project/deep-a.v1.md',
    deepB: '.ai/repo/rules/project/deep-b.v1.md',
    laughs: '.ai/repo/rules/project/laughs.v1.md',
  };

  it('two 1,000-deep front matters and a billion laughs in one run: each refused, doctor exits 10, never 134', () => {
    const repo = adopted();
    repo.write(files.deepA, `---\n${blockMappings(1000)}---\n${body}`);
    repo.write(files.deepB, `---\n${blockSequences(1000)}---\n${body}`);
    repo.write(files.laughs, `---\n${billionLaughs()}---\n${body}`);
    const result = repo.gate(['doctor']);
    expect(result.code).toBe(10);
    const fails = result.findings.filter((finding) => finding.level === 'FAIL');
    for (const file of Object.values(files)) {
      expect(fails, file).toContainEqual(expect.objectContaining({ subject: file, file, category: 'rules' }));
    }
    // the refused files refuse only themselves: the rest of the set still runs
    expect(result.findings).toContainEqual(expect.objectContaining({ level: 'OK', rule: 'majordomus.ai-layout-integrity' }));
    const text = repo.run(['doctor']);
    expect(text.code).toBe(10);
    expect(lines(text.stdout).at(-1)).toBe(`doctor: ${fails.length} failure(s)`);
  });

  it('the same bombs at watch: a refusal is a FAIL (10) at every gate, never a crash', () => {
    const repo = adopted();
    repo.write(files.deepA, `---\n${blockMappings(1000)}---\n${body}`);
    repo.write(files.deepB, `---\n${blockMappings(1000)}---\n${body}`);
    const result = repo.gate(['watch']);
    expect(result.code).toBe(10);
    const fails = result.findings.filter((finding) => finding.level === 'FAIL');
    for (const file of [files.deepA, files.deepB]) {
      expect(fails, file).toContainEqual(expect.objectContaining({ subject: file, file, category: 'rules' }));
    }
    expect(result.findings).toContainEqual(expect.objectContaining({ level: 'OK', rule: 'majordomus.policy-integrity' }));
  });
});
