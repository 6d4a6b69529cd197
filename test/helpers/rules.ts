/**
 * Rule files in a test repository: project rules written as a project author writes them, and the
 * vendored package's manifest edited as a hand edit would. A rule built from `ruleFront` has its front
 * matter line at index i on file line i + 2; lines added after it start on file line 10.
 */
import type { TempRepo } from './repo';

export const RULES_DIR = '.ai/repo/rules';
export const VENDOR = `${RULES_DIR}/vendor/majordomus`;
export const VENDOR_MANIFEST = `${VENDOR}/manifest.yaml`;
export const PROJECT = `${RULES_DIR}/project`;
export const SAMPLE = `${PROJECT}/sample.v1.md`;
/** The test the sample rule's `x-majordomus` block names by default. */
export const SAMPLE_TEST = 'test/sample.test.ts';
/** The body sections a rule must have, in order. */
export const RULE_SECTIONS: readonly string[] = ['Rationale', 'Required behaviour', 'Failure behaviour', 'Verification'];

/** Front matter lines of a valid project rule, without `x-majordomus`. */
export function ruleFront(id = 'project.sample'): string[] {
  return [
    `id: ${id}`,
    'version: 1',
    'kind: rule',
    'title: Sample',
    'description: A sample project rule.',
    'statement: Samples are sampled.',
    'status: active',
    'class: blocking',
  ];
}

/** What an `x-majordomus` block wires; each field has the default of a valid block. */
export interface Enforcement {
  readonly validator?: string;
  readonly category?: string;
  readonly gates?: readonly string[];
  readonly tests?: readonly string[];
}

/**
 * The `x-majordomus` block of an enforced rule. After `ruleFront()` its lines are: `x-majordomus:` 10,
 * `validator` 11, `category` 12, `enforced_by` 13, `exit_code` 14, `tests` 15.
 */
export function enforcement({
  validator = 'ai_layout',
  category = 'layout',
  gates = ['watch'],
  tests = [SAMPLE_TEST],
}: Enforcement = {}): string[] {
  return [
    'x-majordomus:',
    `  validator: ${validator}`,
    `  category: ${category}`,
    `  enforced_by: [${gates.join(', ')}]`,
    '  exit_code: 10',
    `  tests: [${tests.join(', ')}]`,
  ];
}

/** A rule body with `sections` as headings, each with one line of text. */
export function ruleBody(sections: readonly string[] = RULE_SECTIONS): string {
  return sections.map((section) => `# ${section}\n\nText for ${section.toLowerCase()}.\n`).join('\n');
}

/** A rule file: front matter `lines` between `---` fences, a blank line, then `text`. */
export function ruleText(lines: readonly string[], text = ruleBody()): string {
  return `---\n${lines.join('\n')}\n---\n\n${text}`;
}

export function writeRule(repo: TempRepo, file: string, lines: readonly string[], text?: string): void {
  repo.write(file, ruleText(lines, text));
}

/** Write the test an enforced sample rule names, so the rule is proved. */
export function writeSampleTest(repo: TempRepo): void {
  repo.write(SAMPLE_TEST, '// proves project.sample\n');
}

/** The vendored manifest's lines, and the first and last index of the entry that lists `file`. */
export function manifestEntry(repo: TempRepo, file: string): { lines: string[]; start: number; end: number } {
  const lines = repo.read(VENDOR_MANIFEST).split('\n');
  const fileLine = lines.findIndex((l) => l.trim() === `file: ${file}`);
  if (fileLine === -1) throw new Error(`manifest does not list ${file}`);
  let start = fileLine;
  while (!lines[start]!.startsWith('  - ')) start--;
  let end = fileLine;
  while (end + 1 < lines.length && lines[end + 1]!.startsWith('    ')) end++;
  return { lines, start, end };
}
