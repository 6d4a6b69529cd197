/**
 * The format of an executable use case, `.ai/repo/use-cases/<id>.md`: a front matter naming it and the
 * commands it exercises, a body with `# Situation` and `# Outcome`, and under `# Scenario` one fenced
 * `yaml` block — the steps `usecase run` executes against the real CLI. Every key set is closed: a key
 * this version does not know is a problem, never ignored, because a misspelt `expect` key would make a
 * step that checks nothing look like a step that passed.
 */
import { schemaKeys } from '../generated/schema-keys';
import type { UseCaseFrontMatter, UseCaseScenario, UseCaseScenarioExpectation, UseCaseScenarioStep } from '../generated/types';
import { DocumentError } from '../io/document-error';
import { parseFrontMatter } from '../layer/front-matter';
import type { KeyDescriber, SchemaProblem } from '../layer/schema-check';
import { checkSchema } from '../layer/schema-check';
import type { YamlDocument } from '../layer/yaml';
import { parseYaml } from '../layer/yaml';

/** What a step expects of the command it ran (share/schemas/use-case-scenario.v1.schema.json), every list present. */
export type Expectation = Required<Omit<UseCaseScenarioExpectation, 'files_contain'>> & {
  /** For each path, patterns its content must match. */
  readonly files_contain: Readonly<Record<string, readonly string[]>>;
};

/** One step: the CLI's argv, what it reads on stdin, and what must come of it. */
export type Step = Omit<UseCaseScenarioStep, 'expect'> & { readonly expect: Expectation };

/** A scenario as read: its lists present, each step's expectation whole. */
export type Scenario = Required<Omit<UseCaseScenario, 'steps'>> & { readonly steps: readonly Step[] };

/** The repositories a scenario may start from that this version prepares. */
export const SETUPS = ['bare', 'installed'] as const;
export type Setup = (typeof SETUPS)[number];

/** True when this version prepares `setup`; another name (the upstream tool's `finish-ready`) is read, and skipped by run. */
export function isPreparedSetup(setup: string): setup is Setup {
  return (SETUPS as readonly string[]).includes(setup);
}

/** A use case as read; `scenario` is absent when the body has no `# Scenario` block. */
export type UseCase = Pick<UseCaseFrontMatter, 'id' | 'title' | 'summary' | 'status' | 'target' | 'commands'> & {
  readonly file: string;
  readonly scenario?: Scenario;
};

/** One thing wrong with a use case file: where, what, and what to do. */
export interface UseCaseProblem {
  readonly file: string;
  readonly line?: number;
  readonly message: string;
}

type Problems = UseCaseProblem[];

/** The keys a closed mapping of `kind` allows, for a message that lists them. */
function keysOf(kind: 'use-case' | 'use-case-scenario', pointer: string): string {
  return (schemaKeys[kind][pointer] ?? []).join(', ');
}

/** An enum's values as a message lists them. */
const oneOf = (params: Record<string, unknown>): string => ((params.allowedValues as unknown[] | undefined) ?? []).join(', ');

/** The front matter's problems, phrased as the format says them (the schema decides which there are). */
const describeFront: KeyDescriber = (key, keyword, params, value) => {
  if (key === 'title' || key === 'summary') return `${key} is not a non-empty string`;
  if (key === 'kind') return `kind is ${JSON.stringify(value)} (a use case has kind: use-case)`;
  if ((key === 'status' || key === 'target') && keyword === 'enum') return `${key} is ${JSON.stringify(value)} (one of ${oneOf(params)})`;
  if (key === 'commands' || key.startsWith('commands.'))
    return 'commands is not a non-empty list of command names (name each command the scenario runs)';
  return undefined;
};

/**
 * Read one use case file's text. Returns the use case when it is sound, and every problem found (a use
 * case with problems is never run). `file` is repository-relative; its base name minus `.md` is the id.
 * The front matter is judged by share/schemas/use-case.v1.schema.json and the scenario by
 * use-case-scenario.v1.schema.json; this reader adds what a schema cannot say (the id is the file name,
 * every step runs a listed command, step ids are unique, patterns compile, paths stay inside).
 */
export function parseUseCase(text: string, file: string): { useCase?: UseCase; problems: readonly UseCaseProblem[] } {
  const problems: Problems = [];
  // a list's items share one sentence (`commands is not …`): it is said once
  const say = (message: string, line?: number): void => {
    if (!problems.some((problem) => problem.message === message)) problems.push({ file, line, message });
  };
  let data: YamlDocument;
  let body: string;
  let bodyLine: number;
  try {
    const document = parseFrontMatter(text, file);
    data = document.data;
    body = document.body;
    bodyLine = document.bodyLine;
  } catch (error) {
    if (error instanceof DocumentError) return { problems: [{ file, line: error.line, message: `${error.reason} (${error.fix})` }] };
    throw error;
  }
  const front = (isMapping(data.value) ? data.value : {}) as Record<string, unknown>;
  for (const problem of checkSchema('use-case', data, describeFront)) {
    if (problem.keyword === 'additionalProperties')
      say(`unknown front matter key ${JSON.stringify(problem.key)} (the keys are ${keysOf('use-case', '')})`, problem.line);
    else if (problem.keyword === 'required') say(`the front matter has no ${problem.key} (add it)`);
    else say(problem.message, problem.line);
  }
  const at = (key: string): number | undefined => data.lines.get(key);
  const expectedId = file.replace(/^.*\//, '').replace(/\.md$/, '');
  if ('id' in front && front.id !== expectedId)
    say(`id is ${JSON.stringify(front.id)}, but the file is named ${expectedId}.md (the id is the file name)`, at('id'));
  const commands = stringList(front.commands) ? front.commands : [];

  const sections = headings(body);
  if (!sections.has('Situation')) say('the body has no `# Situation` section (say what the user faces before the tool helps)', bodyLine);
  if (!sections.has('Outcome')) say('the body has no `# Outcome` section (say what holds afterwards)', bodyLine);

  let scenario: Scenario | undefined;
  const block = scenarioBlock(body);
  if (sections.has('Scenario') && !block)
    say('`# Scenario` holds no fenced ```yaml block (write the scenario in one)', bodyLine + (sections.get('Scenario') ?? 0));
  if (block) scenario = parseScenario(block.text, file, bodyLine + block.line, commands, problems);
  if (front.target === 'guaranteed' && !block)
    say(
      'the use case is guaranteed but has no scenario (add a `# Scenario` with a fenced yaml block, or make it target: advisory)',
      at('target'),
    );
  if (problems.length > 0) return { problems };
  const sound = data.value as UseCaseFrontMatter;
  return {
    problems,
    useCase: {
      id: expectedId,
      file,
      title: sound.title,
      summary: sound.summary,
      status: sound.status,
      target: sound.target,
      commands: sound.commands,
      scenario,
    },
  };
}

/** The step a scenario key path (`steps.2.expect.exit`) is under, as messages name it: `step <id>`, else `step #3`. */
function stepName(value: Record<string, unknown>, index: number): string {
  const steps = Array.isArray(value.steps) ? value.steps : [];
  const raw = steps[index];
  return `step ${isMapping(raw) && nonEmptyString(raw.id) ? raw.id : `#${index + 1}`}`;
}

/** A scenario problem of the schema, phrased as the format says it. */
function scenarioMessage(problem: SchemaProblem, value: Record<string, unknown>): string {
  const path = problem.key.split('.');
  const { keyword } = problem;
  if (path[0] !== 'steps' || path.length === 1) {
    const key = path[0]!;
    if (keyword === 'additionalProperties')
      return `scenario: unknown key ${JSON.stringify(key)} (the keys are ${keysOf('use-case-scenario', '')})`;
    if (key === 'setup')
      return `scenario: setup is ${JSON.stringify(value.setup ?? null)} (a name: bare, installed, or a setup of the upstream tool's)`;
    if (key === 'given' || key === 'then') return `scenario: ${key} is not a list of sentences`;
    if (key === 'steps') return 'scenario: steps is not a non-empty list (add the steps to run)';
    if (key === '') return 'the scenario is not a mapping (write setup, given, steps, then)';
    return `scenario: ${problem.message}`;
  }
  const where = stepName(value, Number(path[1]));
  const [, , field, sub] = path;
  if (field === undefined) return `${where} is not a mapping (write id, run or worker, expect)`;
  if (keyword === 'additionalProperties' && path.length === 3)
    return `${where}: unknown key ${JSON.stringify(field)} (the keys are ${keysOf('use-case-scenario', '/steps/*')})`;
  switch (field) {
    case 'id':
      return `${where}: id is not a non-empty string`;
    case 'run':
      return `${where}: run is not a non-empty list of arguments (the argv after majordomus)`;
    case 'worker':
      return `${where}: worker is not a shell command line`;
    case 'note':
      return `${where}: note is not a string`;
    case 'stdin':
      return `${where}: stdin is not a relative path inside the use-cases directory`;
    case 'expect':
      if (sub === undefined) return `${where}: no expect mapping (every step states the exit it expects)`;
      if (keyword === 'additionalProperties' && path.length === 4)
        return `${where}: expect: unknown key ${JSON.stringify(sub)} (the keys are ${keysOf('use-case-scenario', '/steps/*/expect')})`;
      if (sub === 'exit') return `${where}: expect has no exit (every step states the exit code it expects)`;
      if (sub === 'files_contain')
        return `${where}: expect.files_contain is not a mapping of relative paths to lists of regular expressions`;
      return `${where}: expect.${sub} is not a list of strings`;
    default:
      return `${where}: ${problem.message}`;
  }
}

function parseScenario(text: string, file: string, offset: number, commands: readonly string[], problems: Problems): Scenario | undefined {
  const say = (message: string, line?: number): void => {
    if (!problems.some((problem) => problem.message === message)) problems.push({ file, line, message });
  };
  let doc: YamlDocument;
  try {
    doc = parseYaml(text, file, { lineOffset: offset - 1 });
  } catch (error) {
    if (error instanceof DocumentError) {
      say(`the scenario is not readable YAML: ${error.reason} (${error.fix})`, error.line ?? offset);
      return undefined;
    }
    throw error;
  }
  const value = (isMapping(doc.value) ? doc.value : {}) as Record<string, unknown>;
  const before = problems.length;
  for (const problem of checkSchema('use-case-scenario', doc)) {
    // a missing key is said on the line of the mapping that lacks it
    say(scenarioMessage(problem, value), problem.line ?? offset);
  }
  if (!isMapping(doc.value)) return undefined;
  // what a schema cannot say: ids unique, commands listed, patterns that compile, paths that stay inside
  const steps = Array.isArray(value.steps) ? value.steps : [];
  const ids = new Set<string>();
  steps.forEach((raw, index) => {
    if (!isMapping(raw)) return;
    const where = stepName(value, index);
    const line = doc.lines.get(`steps.${index}`) ?? offset;
    if (nonEmptyString(raw.id)) {
      if (ids.has(raw.id)) say(`${where}: a second step has this id (make each step's id unique)`, line);
      ids.add(raw.id);
    }
    // a step runs the CLI (run) or stands for what the worker does in between (worker), never both
    if ('run' in raw === 'worker' in raw)
      say(
        `${where}: ${'run' in raw ? 'has both run and worker' : 'has neither run nor worker'} (give run, the argv after majordomus, or worker, a shell command the worker runs)`,
        line,
      );
    if (stringList(raw.run) && raw.run.length > 0 && !commands.includes(raw.run[0]!))
      say(
        `${where}: runs ${JSON.stringify(raw.run[0])}, a command the use case does not list (add it to commands, or run one it lists)`,
        line,
      );
    if (typeof raw.stdin === 'string' && raw.stdin !== '' && !(nonEmptyString(raw.stdin) && safeRelative(raw.stdin)))
      say(`${where}: stdin is not a relative path inside the use-cases directory`, line);
    const expect = isMapping(raw.expect) ? raw.expect : {};
    for (const key of ['stdout_contains', 'stdout_not_contains']) {
      if (stringList(expect[key]))
        for (const pattern of expect[key])
          if (!compiles(pattern)) say(`${where}: expect.${key}: ${JSON.stringify(pattern)} is not a regular expression`, line);
    }
    if (stringList(expect.files_exist))
      for (const path of expect.files_exist)
        if (!safeRelative(path))
          say(`${where}: expect.files_exist: ${JSON.stringify(path)} is not a relative path inside the repository`, line);
    const contain = expect.files_contain;
    if (
      isMapping(contain) &&
      !Object.entries(contain).every(([path, patterns]) => safeRelative(path) && (!stringList(patterns) || patterns.every(compiles)))
    )
      say(`${where}: expect.files_contain is not a mapping of relative paths to lists of regular expressions`, line);
  });
  if (problems.length > before) return undefined;
  const sound = doc.value as unknown as UseCaseScenario;
  return {
    setup: sound.setup,
    given: sound.given ?? [],
    steps: sound.steps.map((step) => ({
      ...step,
      expect: {
        exit: step.expect.exit,
        stdout_contains: step.expect.stdout_contains ?? [],
        stdout_not_contains: step.expect.stdout_not_contains ?? [],
        files_exist: step.expect.files_exist ?? [],
        files_contain: (step.expect.files_contain ?? {}) as Readonly<Record<string, readonly string[]>>,
      },
    })),
    // biome-ignore lint/suspicious/noThenProperty: `then` is the use-case format's key (given, steps, then); a list, never a function, so the object is not a thenable
    then: sound.then ?? [],
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
