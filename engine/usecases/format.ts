/**
 * The format of an executable use case, `.ai/repo/use-cases/<id>.md`: a front matter naming it and the
 * commands it exercises, a body with `# Situation` and `# Outcome`, and under `# Scenario` one fenced
 * `yaml` block — the steps `usecase run` executes against the real CLI. Every key set is closed: a key
 * this version does not know is a problem, never ignored, because a misspelt `expect` key would make a
 * step that checks nothing look like a step that passed.
 */
import { DocumentError } from '../io/document-error';
import { parseFrontMatter } from '../layer/front-matter';
import { parseYaml } from '../layer/yaml';

/** What a step expects of the command it ran; `exit` is required. */
export interface Expectation {
  readonly exit: number;
  /** Patterns (JavaScript regular expressions, `^`/`$` per line) the output must match, each of them. */
  readonly stdout_contains: readonly string[];
  /** Patterns the output must not match, any of them. */
  readonly stdout_not_contains: readonly string[];
  /** Paths, relative to the scenario's repository, that must exist afterwards. */
  readonly files_exist: readonly string[];
  /** For each path, patterns its content must match. */
  readonly files_contain: Readonly<Record<string, readonly string[]>>;
}

/** One step: the CLI's argv, what it reads on stdin, and what must come of it. */
export interface Step {
  readonly id: string;
  readonly run: readonly string[];
  readonly note?: string;
  /** A file beside the use case (relative to the use-cases directory) fed on stdin; empty stdin otherwise. */
  readonly stdin?: string;
  readonly expect: Expectation;
}

/** The repositories a scenario may start from. */
export const SETUPS = ['bare', 'installed'] as const;
export type Setup = (typeof SETUPS)[number];

export interface Scenario {
  readonly setup: Setup;
  readonly given: readonly string[];
  readonly steps: readonly Step[];
  readonly then: readonly string[];
}

export const STATUSES = ['active', 'draft', 'deprecated'] as const;
export const TARGETS = ['guaranteed', 'advisory'] as const;

/** A use case as read; `scenario` is absent when the body has no `# Scenario` block. */
export interface UseCase {
  readonly id: string;
  readonly file: string;
  readonly title: string;
  readonly summary: string;
  readonly status: (typeof STATUSES)[number];
  readonly target: (typeof TARGETS)[number];
  readonly commands: readonly string[];
  readonly scenario?: Scenario;
}

/** One thing wrong with a use case file: where, what, and what to do. */
export interface UseCaseProblem {
  readonly file: string;
  readonly line?: number;
  readonly message: string;
}

const FRONT_KEYS = [
  'id',
  'kind',
  'title',
  'summary',
  'category',
  'status',
  'target',
  'weight',
  'actors',
  'difficulty',
  'commands',
  'doctrines',
  'claims',
  'responsibilities',
  'applications',
];
const FRONT_REQUIRED = ['id', 'kind', 'title', 'summary', 'status', 'target', 'commands'];
const SCENARIO_KEYS = ['setup', 'given', 'steps', 'then'];
const STEP_KEYS = ['id', 'run', 'note', 'stdin', 'expect'];
const EXPECT_KEYS = ['exit', 'stdout_contains', 'stdout_not_contains', 'files_exist', 'files_contain'];

type Problems = UseCaseProblem[];

/**
 * Read one use case file's text. Returns the use case when it is sound, and every problem found (a use
 * case with problems is never run). `file` is repository-relative; its base name minus `.md` is the id.
 */
export function parseUseCase(text: string, file: string): { useCase?: UseCase; problems: readonly UseCaseProblem[] } {
  const problems: Problems = [];
  const say = (message: string, line?: number): void => void problems.push({ file, line, message });
  let front: Record<string, unknown>;
  let body: string;
  let bodyLine: number;
  let lines: ReadonlyMap<string, number>;
  try {
    const document = parseFrontMatter(text, file);
    front = document.data.value as Record<string, unknown>;
    lines = document.data.lines;
    body = document.body;
    bodyLine = document.bodyLine;
  } catch (error) {
    if (error instanceof DocumentError) return { problems: [{ file, line: error.line, message: `${error.reason} (${error.fix})` }] };
    throw error;
  }
  const at = (key: string): number | undefined => lines.get(key);
  for (const key of Object.keys(front))
    if (!FRONT_KEYS.includes(key)) say(`unknown front matter key ${JSON.stringify(key)} (the keys are ${FRONT_KEYS.join(', ')})`, at(key));
  for (const key of FRONT_REQUIRED) if (!(key in front)) say(`the front matter has no ${key} (add it)`);
  const expectedId = file.replace(/^.*\//, '').replace(/\.md$/, '');
  if ('id' in front && front.id !== expectedId)
    say(`id is ${JSON.stringify(front.id)}, but the file is named ${expectedId}.md (the id is the file name)`, at('id'));
  if ('kind' in front && front.kind !== 'use-case')
    say(`kind is ${JSON.stringify(front.kind)} (a use case has kind: use-case)`, at('kind'));
  for (const key of ['title', 'summary']) if (key in front && !nonEmptyString(front[key])) say(`${key} is not a non-empty string`, at(key));
  if ('status' in front && !(STATUSES as readonly unknown[]).includes(front.status))
    say(`status is ${JSON.stringify(front.status)} (one of ${STATUSES.join(', ')})`, at('status'));
  if ('target' in front && !(TARGETS as readonly unknown[]).includes(front.target))
    say(`target is ${JSON.stringify(front.target)} (one of ${TARGETS.join(', ')})`, at('target'));
  const commands = front.commands;
  if ('commands' in front && (!stringList(commands) || commands.length === 0))
    say('commands is not a non-empty list of command names (name each command the scenario runs)', at('commands'));

  const sections = headings(body);
  if (!sections.has('Situation')) say('the body has no `# Situation` section (say what the user faces before the tool helps)', bodyLine);
  if (!sections.has('Outcome')) say('the body has no `# Outcome` section (say what holds afterwards)', bodyLine);

  let scenario: Scenario | undefined;
  const block = scenarioBlock(body);
  if (sections.has('Scenario') && !block)
    say('`# Scenario` holds no fenced ```yaml block (write the scenario in one)', bodyLine + (sections.get('Scenario') ?? 0));
  if (block) {
    const offset = bodyLine + block.line;
    scenario = parseScenario(block.text, file, offset, stringList(commands) ? commands : [], problems);
  }
  if (front.target === 'guaranteed' && !block)
    say(
      'the use case is guaranteed but has no scenario (add a `# Scenario` with a fenced yaml block, or make it target: advisory)',
      at('target'),
    );
  if (problems.length > 0) return { problems };
  return {
    problems,
    useCase: {
      id: expectedId,
      file,
      title: front.title as string,
      summary: front.summary as string,
      status: front.status as UseCase['status'],
      target: front.target as UseCase['target'],
      commands: commands as string[],
      scenario,
    },
  };
}

function parseScenario(text: string, file: string, offset: number, commands: readonly string[], problems: Problems): Scenario | undefined {
  const say = (message: string, line?: number): void => void problems.push({ file, line, message });
  let value: unknown;
  try {
    value = parseYaml(text, file).value;
  } catch (error) {
    if (error instanceof DocumentError) {
      say(`the scenario is not readable YAML: ${error.reason} (${error.fix})`, error.line === undefined ? offset : offset + error.line - 1);
      return undefined;
    }
    throw error;
  }
  if (!isMapping(value)) {
    say('the scenario is not a mapping (write setup, given, steps, then)', offset);
    return undefined;
  }
  const before = problems.length;
  for (const key of Object.keys(value))
    if (!SCENARIO_KEYS.includes(key))
      say(`scenario: unknown key ${JSON.stringify(key)} (the keys are ${SCENARIO_KEYS.join(', ')})`, offset);
  if (!(SETUPS as readonly unknown[]).includes(value.setup))
    say(`scenario: setup is ${JSON.stringify(value.setup ?? null)} (one of ${SETUPS.join(', ')})`, offset);
  for (const key of ['given', 'then'])
    if (key in value && !stringList(value[key])) say(`scenario: ${key} is not a list of sentences`, offset);
  if (!Array.isArray(value.steps) || value.steps.length === 0) {
    say('scenario: steps is not a non-empty list (add the steps to run)', offset);
    return undefined;
  }
  const steps: Step[] = [];
  const ids = new Set<string>();
  value.steps.forEach((raw, index) => {
    const name = isMapping(raw) && nonEmptyString(raw.id) ? raw.id : `#${index + 1}`;
    const where = `step ${name}`;
    if (!isMapping(raw)) {
      say(`${where} is not a mapping (write id, run, expect)`, offset);
      return;
    }
    for (const key of Object.keys(raw))
      if (!STEP_KEYS.includes(key)) say(`${where}: unknown key ${JSON.stringify(key)} (the keys are ${STEP_KEYS.join(', ')})`, offset);
    if (!nonEmptyString(raw.id)) say(`${where}: id is not a non-empty string`, offset);
    else if (ids.has(raw.id)) say(`${where}: a second step has this id (make each step's id unique)`, offset);
    else ids.add(raw.id);
    if (!stringList(raw.run) || raw.run.length === 0)
      say(`${where}: run is not a non-empty list of arguments (the argv after majordomus)`, offset);
    else if (!commands.includes(raw.run[0]!))
      say(
        `${where}: runs ${JSON.stringify(raw.run[0])}, a command the use case does not list (add it to commands, or run one it lists)`,
        offset,
      );
    if ('note' in raw && typeof raw.note !== 'string') say(`${where}: note is not a string`, offset);
    if ('stdin' in raw && !(nonEmptyString(raw.stdin) && safeRelative(raw.stdin)))
      say(`${where}: stdin is not a relative path inside the use-cases directory`, offset);
    const expect = raw.expect;
    if (!isMapping(expect)) {
      say(`${where}: no expect mapping (every step states the exit it expects)`, offset);
      return;
    }
    for (const key of Object.keys(expect))
      if (!EXPECT_KEYS.includes(key))
        say(`${where}: expect: unknown key ${JSON.stringify(key)} (the keys are ${EXPECT_KEYS.join(', ')})`, offset);
    if (!Number.isInteger(expect.exit)) say(`${where}: expect has no exit (every step states the exit code it expects)`, offset);
    for (const key of ['stdout_contains', 'stdout_not_contains', 'files_exist']) {
      if (key in expect && !stringList(expect[key])) say(`${where}: expect.${key} is not a list of strings`, offset);
    }
    for (const key of ['stdout_contains', 'stdout_not_contains']) {
      if (stringList(expect[key]))
        for (const pattern of expect[key])
          if (!compiles(pattern)) say(`${where}: expect.${key}: ${JSON.stringify(pattern)} is not a regular expression`, offset);
    }
    if (stringList(expect.files_exist))
      for (const path of expect.files_exist)
        if (!safeRelative(path))
          say(`${where}: expect.files_exist: ${JSON.stringify(path)} is not a relative path inside the repository`, offset);
    if ('files_contain' in expect) {
      const map = expect.files_contain;
      if (
        !isMapping(map) ||
        !Object.entries(map).every(([path, patterns]) => safeRelative(path) && stringList(patterns) && patterns.every(compiles))
      ) {
        say(`${where}: expect.files_contain is not a mapping of relative paths to lists of regular expressions`, offset);
      }
    }
    steps.push({
      id: String(raw.id),
      run: raw.run as string[],
      note: raw.note as string | undefined,
      stdin: raw.stdin as string | undefined,
      expect: {
        exit: expect.exit as number,
        stdout_contains: (expect.stdout_contains as string[] | undefined) ?? [],
        stdout_not_contains: (expect.stdout_not_contains as string[] | undefined) ?? [],
        files_exist: (expect.files_exist as string[] | undefined) ?? [],
        files_contain: (expect.files_contain as Record<string, string[]> | undefined) ?? {},
      },
    });
  });
  if (problems.length > before) return undefined;
  return {
    setup: value.setup as Setup,
    given: (value.given as string[] | undefined) ?? [],
    steps,
    // biome-ignore lint/suspicious/noThenProperty: `then` is the use-case format's key (given, steps, then); a list, never a function, so the object is not a thenable
    then: (value.then as string[] | undefined) ?? [],
  };
}

/** The level-one headings of a body, each with its line (0-based, relative to the body). */
function headings(body: string): Map<string, number> {
  const found = new Map<string, number>();
  let fenced = false;
  body.split('\n').forEach((line, index) => {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const match = !fenced && /^# (.+?)\s*$/.exec(line);
    if (match && !found.has(match[1]!)) found.set(match[1]!, index);
  });
  return found;
}

/** The first fenced `yaml` block under `# Scenario`, up to the next level-one heading. */
function scenarioBlock(body: string): { text: string; line: number } | undefined {
  const lines = body.split('\n');
  const start = lines.findIndex((line) => /^# Scenario\s*$/.test(line));
  if (start === -1) return undefined;
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^# /.test(line)) return undefined;
    if (/^```ya?ml\s*$/.test(line)) {
      const end = lines.findIndex((candidate, at) => at > index && /^```\s*$/.test(candidate));
      if (end === -1) return undefined;
      return { text: lines.slice(index + 1, end).join('\n'), line: index + 1 };
    }
  }
  return undefined;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function stringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'm');
    return true;
  } catch {
    return false;
  }
}

/** A path that stays where it is resolved from: relative, no `..` segment, no NUL. */
function safeRelative(path: string): boolean {
  return path !== '' && !path.startsWith('/') && !/^[A-Za-z]:/.test(path) && !path.includes('\0') && !path.split(/[\\/]/).includes('..');
}
