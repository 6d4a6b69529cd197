/**
 * A rule's version is part of its identity, so it is read as written: a decimal integer of digits alone,
 * 1 to 2147483647. YAML reads `1.0`, `0x1` and `1e3` as numbers and a long digit string inexactly; each
 * would load as an identity other than the one written, so each is refused with what it really is.
 */
import { describe, expect, it } from 'vitest';
import type { LoadProblem, Rule } from '../../engine/ruleset/rules';
import { loadRuleText, MAX_RULE_VERSION } from '../../engine/ruleset/rules';
import { ruleBody, ruleFront, ruleText } from '../helpers/rules';

const FILE = '.ai/repo/rules/project/sample.v1.md';

/** Load the sample rule with its `version:` line replaced by `line`. */
function load(line: string): Rule | LoadProblem[] {
  const front = ruleFront().map((l) => (l.startsWith('version:') ? line : l));
  return loadRuleText(ruleText(front, ruleBody()), FILE, { origin: 'project' });
}

describe('a version written as digits loads as that identity', () => {
  it.each([
    ['version: 1', 1],
    ['version: 7 # the seventh', 7],
    [`version: ${MAX_RULE_VERSION}`, MAX_RULE_VERSION],
    ['version:\n  3', 3],
  ])('%j → @%d', (line, version) => {
    const rule = load(line);
    expect(Array.isArray(rule)).toBe(false);
    expect((rule as Rule).identity).toBe(`project.sample@${version}`);
  });
});

describe('any other version is refused on its line, saying what it is', () => {
  it.each([
    ['version: 1.0', 'a decimal fraction'],
    ['version: 1.5', 'a decimal fraction'],
    ['version: 0x1', 'hexadecimal'],
    ['version: 0o7', 'octal'],
    ['version: 1e3', 'exponent'],
    ['version: 99999999999999999999999', `larger than ${MAX_RULE_VERSION}`],
    [`version: ${MAX_RULE_VERSION + 1}`, `larger than ${MAX_RULE_VERSION}`],
    ['version: .inf', 'infinity'],
    ['version: -.inf', 'infinity'],
    ['version: .nan', 'not-a-number'],
    ['version: -1', 'negative'],
    ['version: 0', 'is 0'],
    ['version: +1', 'sign'],
    ['version: 007', 'leading zero'],
    ['version: "1"', 'the string "1"'],
    ['version: one', 'the string "one"'],
    ['version: true', 'not an integer'],
    ['version: ~', 'is empty'],
    ['version:', 'is empty'],
    ['version: [1]', 'a list'],
  ])('%j → %s', (line, reason) => {
    const problems = load(line);
    expect(Array.isArray(problems)).toBe(true);
    const list = problems as LoadProblem[];
    // one problem, on the version line (file line 3), giving the true reason (never "null" for .inf)
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ subject: FILE, file: FILE, line: 3 });
    expect(list[0]!.message).toContain(reason);
    expect(list[0]!.message).toContain('version');
    expect(list[0]!.message).not.toMatch(/\bnull\b/);
  });
});
