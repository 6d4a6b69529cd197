/**
 * Loading and checking one rule object: read its file, parse the front matter, check it against the rule
 * schema (with the version, the reserved namespace and the body's required sections), and give back the
 * rule or the problems that refuse its file — with the identity it declares when that much could be read,
 * so a rule depending on it is told which file refused it. Resolving the loaded rules into a set is
 * resolve.ts's; the one import path for both is rules.ts.
 */
import type { RuleFrontMatter } from '../generated/types';
import { DocumentError } from '../io/document-error';
import type { Tree } from '../io/tree';
import { parseFrontMatter } from '../layer/front-matter';
import type { LoadProblem, Provenance, Rule } from '../layer/rule-types';
import { checkSchema } from '../layer/schema-check';
import type { YamlDocument } from '../layer/yaml';
import { shippedSoundRule } from '../layer/yaml-ahead';

/** The namespace the shipped baseline owns; a project rule may not claim it. */
export const RESERVED_NAMESPACE = 'majordomus.';

/** The body sections every rule carries, in order. */
export const RULE_SECTIONS = ['Rationale', 'Required behaviour', 'Failure behaviour', 'Verification'] as const;

/** The highest version a rule may carry (a signed 32-bit integer, so every tool reads it alike). */
export const MAX_RULE_VERSION = 2 ** 31 - 1;

/** Load and validate one rule file of `tree`; a list of problems when it is refused. */
export function loadRuleFile(tree: Tree, file: string, provenance: Provenance): Rule | LoadProblem[] {
  const result = loadRuleFileDeclaring(tree, file, provenance);
  return 'problems' in result ? result.problems : result.rule;
}

/** Validate a rule object's text as the file `file` (before it is written, or as read). */
export function loadRuleText(text: string, file: string, provenance: Provenance): Rule | LoadProblem[] {
  const result = loadRule(text, file, provenance);
  return 'problems' in result ? result.problems : result.rule;
}

/** A rule, or why its file is refused with the identity it declares when that much could be read. */
export type Loaded = { readonly rule: Rule } | { readonly problems: LoadProblem[]; readonly identity?: string };

/** Load one rule file of `tree`: the rule, or its problems and the identity it declares when that much could be read. */
export function loadRuleFileDeclaring(tree: Tree, file: string, provenance: Provenance): Loaded {
  let text: string;
  try {
    text = tree.readText(file);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { problems: [{ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` }] };
  }
  return loadRule(text, file, provenance);
}

function loadRule(text: string, file: string, provenance: Provenance): Loaded {
  let doc: YamlDocument;
  let body: string;
  let bodyLine: number;
  try {
    const parsed = parseFrontMatter(text, file);
    doc = parsed.data;
    body = parsed.body;
    bodyLine = parsed.bodyLine;
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { problems: [{ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` }] };
  }
  const front = doc.value as RuleFrontMatter;
  // a vendored rule whose exact text the package ships, and which the build loaded without a problem,
  // is not checked again (engine/layer/yaml-ahead.ts)
  if (provenance.origin !== 'vendor' || !shippedSoundRule(text)) {
    const refused = ruleProblems(text, file, provenance, doc, body, bodyLine);
    if (refused) return refused;
  }
  const x = front['x-majordomus'];
  return {
    rule: {
      id: front.id,
      version: front.version,
      identity: `${front.id}@${front.version}`,
      title: front.title,
      statement: front.statement,
      status: front.status,
      class: front.class,
      dependsOn: front.depends_on ?? [],
      // the schema requires the rest of the block whenever it names a validator
      enforcement:
        x?.validator !== undefined
          ? {
              validator: x.validator,
              category: x.category!,
              enforcedBy: x.enforced_by!,
              exitCode: x.exit_code!,
              tests: x.tests!,
              policyKey: x.policy_key,
              options: x.options as Record<string, unknown> | undefined,
            }
          : undefined,
      declaration:
        x && x.validator === undefined ? { tests: x.tests ?? [], claims: x.claims ?? [], reviewedBecause: x.reviewed_because } : undefined,
      file,
      provenance,
      frontMatter: front,
      doc,
    },
  };
}

/** The problems that refuse a rule file, with the identity it declares when that much could be read; undefined when it loads. */
function ruleProblems(
  text: string,
  file: string,
  provenance: Provenance,
  doc: YamlDocument,
  body: string,
  bodyLine: number,
): { problems: LoadProblem[]; identity?: string } | undefined {
  const front = doc.value as RuleFrontMatter;
  const versionLine = doc.lines.get('version');
  const written = typeof front.version === 'number' ? versionSource(text, versionLine) : undefined;
  const versionWrong = written === undefined ? undefined : versionProblem(written);
  const problems: LoadProblem[] = checkSchema('rule', doc, describeRuleKey)
    // the version as written says more than the number YAML made of it
    .filter((problem) => versionWrong === undefined || problem.key !== 'version')
    .map((problem) => ({ subject: file, file, line: problem.line, message: problem.message }));
  if (versionWrong !== undefined) problems.unshift({ subject: file, file, line: versionLine, message: versionWrong });
  if (provenance.origin === 'project' && typeof front.id === 'string' && front.id.startsWith(RESERVED_NAMESPACE)) {
    problems.push({
      subject: file,
      file,
      line: doc.lines.get('id'),
      message: `the project rule ${front.id} claims the reserved \`${RESERVED_NAMESPACE}\` namespace (rename it, e.g. project.${front.id.slice(RESERVED_NAMESPACE.length)})`,
    });
  }
  for (const missing of missingSections(body)) {
    problems.push({
      subject: file,
      file,
      line: bodyLine,
      message: `the body has no non-empty \`# ${missing}\` section (add it; every rule carries ${RULE_SECTIONS.map((s) => `# ${s}`).join(', ')})`,
    });
  }
  if (problems.length === 0) return undefined;
  const named = typeof front.id === 'string' && versionWrong === undefined && Number.isSafeInteger(front.version);
  return { problems, identity: named ? `${front.id}@${front.version}` : undefined };
}

/**
 * The `version` value as written in the front matter (`text` is the whole file; front matter lines are
 * file lines): the rest of the key's line, or the next line holding content when the value sits there.
 */
function versionSource(text: string, line: number | undefined): string | undefined {
  if (line === undefined) return undefined;
  // walk to the line rather than splitting the whole file: every rule of every run passes here
  let start = 0;
  for (let n = 1; n < line; n++) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) return undefined;
    start = newline + 1;
  }
  const strip = (raw: string): string =>
    raw
      .replace(/\r$/, '')
      .replace(/(^|\s)#.*$/, '')
      .trim();
  const lineAt = (from: number): { text: string; next: number } => {
    const end = text.indexOf('\n', from);
    return end === -1 ? { text: text.slice(from), next: -1 } : { text: text.slice(from, end), next: end + 1 };
  };
  let current = lineAt(start);
  const rest = strip(current.text.replace(/^\s*version:/, ''));
  if (rest !== '') return rest;
  while (current.next !== -1) {
    current = lineAt(current.next);
    const next = strip(current.text);
    if (next !== '') return next;
  }
  return undefined;
}

/**
 * Why a version written as `written` (a plain scalar YAML read as a number) is not an identity's
 * version: it must be a decimal integer written as digits, 1 to MAX_RULE_VERSION. YAML also reads
 * `1.0`, `0x1` and `1e3` as numbers, and a long digit string inexactly; each would pass as another
 * identity than the one written.
 */
export function versionProblem(written: string): string | undefined {
  const shown = `\`version\` is written \`${written.length > 40 ? `${written.slice(0, 40)}…` : written}\``;
  const fix = '(write the version as digits alone, e.g. version: 1)';
  if (/^[1-9][0-9]*$/.test(written)) {
    if (written.length > 10 || Number(written) > MAX_RULE_VERSION)
      return `${shown}, which is larger than ${MAX_RULE_VERSION}, the highest version (write a smaller version)`;
    return undefined;
  }
  if (/^[-+]?\.(inf|Inf|INF)$/.test(written)) return `${shown}, which YAML reads as infinity, not a version ${fix}`;
  if (/^\.(nan|NaN|NAN)$/.test(written)) return `${shown}, which YAML reads as not-a-number, not a version ${fix}`;
  if (/^[-+]?0*$/.test(written)) return `${shown}, which is 0; a version is at least 1 ${fix}`;
  if (written.startsWith('-')) return `${shown}, which is negative; a version is at least 1 ${fix}`;
  if (/^0x/.test(written)) return `${shown}, a hexadecimal number; a version is a decimal integer ${fix}`;
  if (/^0o/.test(written)) return `${shown}, an octal number; a version is a decimal integer ${fix}`;
  if (/[eE]/.test(written)) return `${shown}, a number with an exponent; a version is a decimal integer ${fix}`;
  if (written.includes('.')) return `${shown}, a decimal fraction; a version is a whole number ${fix}`;
  if (/^\+/.test(written)) return `${shown}, with a sign; a version is digits alone ${fix}`;
  if (/^0[0-9]+$/.test(written)) return `${shown}, with a leading zero; a version is digits alone ${fix}`;
  return `${shown}, which is not a decimal integer written as digits ${fix}`;
}

function describeRuleKey(key: string, keyword: string, params: Record<string, unknown>, value: unknown): string | undefined {
  if (key === 'id' && keyword === 'pattern') {
    return `\`id\` is ${JSON.stringify(value)}, which is not a dotted identifier (segments of letters, digits, - and _ joined by dots, e.g. project.my-rule)`;
  }
  if (/^depends_on\.\d+$/.test(key) && keyword === 'pattern') {
    return `\`${key}\` is ${JSON.stringify(value)}, which is not an exact id@version reference (e.g. majordomus.define-done-first@1)`;
  }
  if (key === 'kind' && keyword === 'const') return `\`kind\` is ${JSON.stringify(value)}; a rule object declares kind: rule`;
  if (key === 'version' && keyword === 'type') {
    const shown =
      typeof value === 'string'
        ? `the string ${JSON.stringify(value)}`
        : value === null
          ? 'empty'
          : typeof value === 'object'
            ? 'a list or a mapping'
            : String(value);
    return `\`version\` is ${shown}, which is not an integer (write the version as digits alone, unquoted, e.g. version: 1)`;
  }
  if (key === 'x-majordomus' && keyword === 'dependentRequired') {
    const property = String(params.property);
    const missing = String(params.missingProperty);
    if (property === 'validator') {
      return `required key \`x-majordomus.${missing}\` is missing (a rule that names a validator also names its category, exit_code, enforced_by and tests)`;
    }
    return `\`x-majordomus.${property}\` is given without \`x-majordomus.validator\`: only an enforced rule has it (name the validator, or remove the key; without a validator the block declares only tests, claims and reviewed_because)`;
  }
  return undefined;
}

/** The required body sections that are absent or empty. */
function missingSections(body: string): string[] {
  const found = new Map<string, boolean>();
  let current: string | undefined;
  let fenced = false;
  for (const line of body.split('\n')) {
    const first = line.charCodeAt(0);
    // only a line opening with a backtick, a tilde or a hash can be a fence or a heading
    if ((first === 0x60 || first === 0x7e) && /^(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && first === 0x23 && /^# (.+?)\s*$/.exec(line);
    if (heading) {
      current = heading[1]!;
      if (!found.has(current)) found.set(current, false);
      continue;
    }
    if (current !== undefined && line.trim() !== '') found.set(current, true);
  }
  return RULE_SECTIONS.filter((section) => found.get(section) !== true);
}
