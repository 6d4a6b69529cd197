/**
 * `search` and `objects list|show` with the built CLI in a real adopted repository with a task and its
 * records: the text is literal and of any case (never a pattern), answers come newest first and bounded,
 * nothing matching is 12; objects are listed a page at a time and read back by URI, and a URI is looked
 * up, never followed as a path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNIPPET_LENGTH } from '../../engine/capabilities/search';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { committedWithTask } from '../helpers/task';

const repos = repoFactory();
let source: TempRepo;
let taskId: string;
afterAll(() => repos.disposeAll());

interface Answer {
  total: number;
  limit: number;
  results: { uri: string; kind: string; date: string | null; line: number; snippet: string; matches: number }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  source = committedWithTask(repos);
  taskId = /^id: "?([^"\n]+)"?$/m.exec(source.read('.ai/local/state/current.yaml'))![1]!;
  const long = `${'x'.repeat(3000)} the pelican nests here ${'y'.repeat(3000)}`;
  expect(source.run(['checkpoint'], { input: `# Objective\nthe first pelican count\n${long}\n` }).code).toBe(0);
  await sleep(1100);
  expect(source.run(['checkpoint'], { input: '# Objective\nthe second Pelican count\n' }).code).toBe(0);
  for (const args of [
    ['decision', 'add', 'the key is a1b2', '--why', 'it is short'],
    ['decision', 'add', 'match a.b*(c) literally', '--why', 'users type punctuation'],
    ['question', 'add', 'how many pelicans are enough?'],
  ])
    expect(source.run(args).code).toBe(0);
}, 120_000);

function search(repo: TempRepo, args: readonly string[]): { code: number; answer?: Answer; stderr: string; stdout: string } {
  const run = repo.run(['search', ...args, '--json']);
  return { code: run.code, answer: run.stdout ? (JSON.parse(run.stdout) as Answer) : undefined, stderr: run.stderr, stdout: run.stdout };
}

describe('search', () => {
  it('is literal and of any case: punctuation is itself, never a pattern', () => {
    const repo = copyOf(repos, source);
    const punctuated = search(repo, ['A.B*(C)']);
    expect(punctuated.code, punctuated.stderr).toBe(0);
    expect(punctuated.answer!.results.map((hit) => hit.uri)).toEqual(['majordomus://decision/2']);
    // as a pattern, a.b would match a1b; as text it does not
    const dotted = search(repo, ['a.b', '--kind', 'decision']);
    expect(dotted.answer!.results.map((hit) => hit.uri)).toEqual(['majordomus://decision/2']);
    expect(search(repo, ['((((']).code).toBe(12);
  });

  it('answers newest first, each with its first matching line, cut around the match', () => {
    const repo = copyOf(repos, source);
    const { code, answer } = search(repo, ['PELICAN', '--kind', 'checkpoint']);
    expect(code).toBe(0);
    expect(answer!.total).toBe(2);
    const [newer, older] = answer!.results;
    expect(newer!.date! > older!.date!).toBe(true);
    expect(newer!.snippet).toBe('the second Pelican count');
    expect(older!.matches).toBe(2);
    expect(older!.snippet).toBe('the first pelican count');
    const everything = search(repo, ['pelican']);
    expect(everything.answer!.results.map((hit) => hit.kind)).toEqual(expect.arrayContaining(['checkpoint', 'question']));
    const dates = everything.answer!.results.map((hit) => hit.date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('bounds what it prints: a long line is cut to the snippet, and --limit the objects, saying how many there were', () => {
    const repo = copyOf(repos, source);
    const { answer } = search(repo, ['nests here']);
    expect(answer!.results).toHaveLength(1);
    expect(answer!.results[0]!.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(answer!.results[0]!.snippet).toContain('the pelican nests here');
    const limited = repo.run(['search', 'pelican', '--limit', '1']);
    expect(limited.code).toBe(0);
    expect(limited.stdout.split('\n').filter(Boolean)).toHaveLength(3);
    expect(limited.stdout).toMatch(/^search: the newest 1 of 3 /m);
  });

  it('narrows by task: the records of another task are not searched', () => {
    const repo = copyOf(repos, source);
    expect(search(repo, ['pelican', '--task', taskId]).answer!.total).toBe(3);
    const other = search(repo, ['pelican', '--task', 't-20200101000000-abcd']);
    expect(other.code).toBe(12);
    expect(other.answer!.total).toBe(0);
  });

  it('nothing matching is exit 12, said on stderr, the answer still printed with --json', () => {
    const repo = copyOf(repos, source);
    const text = repo.run(['search', 'albatross']);
    expect(text.code).toBe(12);
    expect(text.stdout).toBe('');
    expect(text.stderr).toMatch(/^majordomus: search: nothing in the layer matches "albatross"/);
    const json = search(repo, ['albatross']);
    expect(json.code).toBe(12);
    expect(json.answer).toMatchObject({ total: 0, results: [] });
  });

  it.each([
    [['search', ''], 'the text is empty'],
    [['search', 'x'.repeat(201)], 'over 200'],
    [['search', 'pelican', '--kind', 'checkpionts'], 'did you mean checkpoint'],
    [['search', 'pelican', '--limit', '0'], 'is not a whole number from 1 to 200'],
    [['search', 'pelican', '--limit', '201'], 'is not a whole number from 1 to 200'],
  ])('%j is a usage error (2): %s', (args, message) => {
    const run = copyOf(repos, source).run(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

describe('objects', () => {
  it('lists the objects a page at a time, and says where the next page starts', () => {
    const repo = copyOf(repos, source);
    const all = JSON.parse(repo.run(['objects', 'list', '--json', '--limit', '1000']).stdout) as {
      total: number;
      items: { uri: string }[];
    };
    expect(all.items).toHaveLength(all.total);
    const page = repo.run(['objects', 'list', '--limit', '5', '--offset', '5', '--json']);
    const parsed = JSON.parse(page.stdout) as { items: { uri: string }[]; next_offset: number | null; offset: number };
    expect(parsed.items.map((item) => item.uri)).toEqual(all.items.slice(5, 10).map((item) => item.uri));
    expect(parsed.next_offset).toBe(10);
    const text = repo.run(['objects', 'list', '--kind', 'decision']);
    expect(text.stdout).toBe(
      'majordomus://decision/1  the key is a1b2\nmajordomus://decision/2  match a.b*(c) literally\nobjects list: 1-2 of 2 of kind decision\n',
    );
  });

  it('reads an object back by its URI: a store entry as its lines, knowledge by its path where it has no id', () => {
    const repo = copyOf(repos, source);
    const decision = repo.run(['objects', 'show', 'majordomus://decision/2']);
    expect(decision.code).toBe(0);
    expect(decision.stdout).toMatch(/^## \d{4}-\d{2}-\d{2} — match a\.b\*\(c\) literally\nTask: t-/);
    const policy = repo.run(['objects', 'show', 'majordomus://knowledge/.ai/repo/policy.yaml']);
    expect(policy.code, policy.stderr).toBe(0);
    expect(policy.stdout).toBe(repo.read('.ai/repo/policy.yaml'));
    const json = JSON.parse(repo.run(['objects', 'show', 'majordomus://question/1', '--json']).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ kind: 'question', identity: '1', front_matter: { number: 1, resolved: false, task_id: taskId } });
  });

  it('looks a URI up, never follows it: outside the layer is not found (12), not a URI of the layer is a usage error (2)', () => {
    const repo = copyOf(repos, source);
    for (const uri of [
      'majordomus://knowledge/../../../../etc/passwd',
      'majordomus://knowledge/..%2F..%2F..%2Fetc%2Fpasswd',
      'majordomus://decision/9',
    ]) {
      const run = repo.run(['objects', 'show', uri]);
      expect(run.code, uri).toBe(12);
      expect(run.stdout).toBe('');
    }
    for (const uri of [
      '/etc/passwd',
      'file:///etc/passwd',
      'majordomus://desicion/1',
      'majordomus://rule/',
      'majordomus://rule/%E0%A4%A',
    ]) {
      const run = repo.run(['objects', 'show', uri]);
      expect(run.code, uri).toBe(2);
    }
    expect(repo.run(['objects', 'list', '--kind', 'nothing']).code).toBe(2);
  });
});
