/**
 * Context-document fixtures on an adopted repository: a document written from its keys, and one
 * broken tree per problem class of `context validate` (engine/context/), shared by the validator's
 * table and the command's scenarios so both judge the same trees. Every fixture stages the layer, since
 * only files git tracks (or would track) are context.
 */
import type { TempRepo } from './repo';

export const ROOT_DOC = '.ai/README.md';
export const PROJECT_DOC = '.ai/repo/rules/project/README.md';

/** A context document's keys, the contract's required ones filled in. */
export interface DocKeys {
  readonly id: string;
  readonly scope?: 'directory' | 'subtree' | 'explicit';
  readonly composition?: 'extend' | 'replace' | 'final';
  readonly order?: number;
  readonly providers?: string;
  readonly audience?: string;
  readonly status?: 'active' | 'deprecated';
  /** Further lines of front matter, written as given. */
  readonly extra?: readonly string[];
  /** Required keys to leave out. */
  readonly without?: readonly string[];
}

/** The text of a context document with these keys and a one-line body. */
export function docText(keys: DocKeys): string {
  const lines: [string, string][] = [
    ['schema', 'context/v1'],
    ['id', keys.id],
    ['kind', 'context'],
    ['title', `Document ${keys.id}`],
    ['description', `What ${keys.id} says.`],
    ['status', keys.status ?? 'active'],
    ['scope', keys.scope ?? 'subtree'],
    ['providers', keys.providers ?? '["*"]'],
    ['audience', keys.audience ?? '[human, agent]'],
    ['composition', keys.composition ?? 'extend'],
    ['order', String(keys.order ?? 100)],
  ];
  const kept = lines.filter(([key]) => !(keys.without ?? []).includes(key)).map(([key, value]) => `${key}: ${value}`);
  return ['---', ...kept, ...(keys.extra ?? []), '---', '', `# ${keys.id}`, ''].join('\n');
}

/** Write a document and stage it. */
export function writeDoc(repo: TempRepo, path: string, keys: DocKeys): void {
  repo.write(path, docText(keys));
  repo.git(['add', '--', path]);
}

/** Stage the whole adopted layer. */
export function stage(repo: TempRepo): void {
  repo.git(['add', '-A']);
}

/** One broken tree: the class it must be refused as, and the subjects it names. */
export interface BrokenTree {
  readonly problem: string;
  readonly mutate: (repo: TempRepo) => void;
  readonly subjects: readonly string[];
}

/** The root document (ai) and the project rules' document, as init writes them, with `root`'s keys changed. */
function rootAs(repo: TempRepo, keys: Omit<DocKeys, 'id'>): void {
  writeDoc(repo, ROOT_DOC, { id: 'ai', order: 0, extra: ['children:', '  require_contract: false'], ...keys });
}

/** One fixture per problem class, each refused as exactly that class. */
export const BROKEN_TREES: readonly BrokenTree[] = [
  {
    problem: 'missing-contract',
    mutate: (repo) => {
      stage(repo);
      repo.write(PROJECT_DOC, '# Project rules\n\nNo contract here.\n');
      repo.git(['add', '--', PROJECT_DOC]);
    },
    subjects: [PROJECT_DOC],
  },
  {
    problem: 'missing-contract',
    mutate: (repo) => {
      stage(repo);
      writeDoc(repo, '.ai/repo/knowledge/README.md', {
        id: 'ai.repo.knowledge',
        extra: ['children:', '  require_contract: true', '  exempt: [archive]'],
      });
      repo.write('.ai/repo/knowledge/notes/a.md', '# A note\n');
      repo.write('.ai/repo/knowledge/archive/old.md', '# Exempt\n');
      repo.git(['add', '-A']);
    },
    subjects: ['.ai/repo/knowledge/notes/'],
  },
  {
    problem: 'invalid-front-matter',
    mutate: (repo) => {
      stage(repo);
      writeDoc(repo, PROJECT_DOC, { id: 'ai.repo.rules.project', without: ['order'] });
    },
    subjects: [PROJECT_DOC],
  },
  {
    problem: 'unknown-key',
    mutate: (repo) => {
      stage(repo);
      writeDoc(repo, PROJECT_DOC, { id: 'ai.repo.rules.project', extra: ['colour: red'] });
    },
    subjects: [PROJECT_DOC],
  },
  {
    problem: 'unsupported-schema',
    mutate: (repo) => {
      stage(repo);
      repo.write(PROJECT_DOC, docText({ id: 'ai.repo.rules.project' }).replace('schema: context/v1', 'schema: context/v2'));
      repo.git(['add', '--', PROJECT_DOC]);
    },
    subjects: [PROJECT_DOC],
  },
  {
    problem: 'unknown-provider',
    mutate: (repo) => {
      stage(repo);
      writeDoc(repo, PROJECT_DOC, { id: 'ai.repo.rules.project', providers: '[vim]' });
    },
    subjects: [PROJECT_DOC],
  },
  {
    problem: 'duplicate-id',
    mutate: (repo) => {
      stage(repo);
      writeDoc(repo, PROJECT_DOC, { id: 'ai' });
    },
    subjects: [ROOT_DOC, PROJECT_DOC],
  },
  {
    problem: 'cycle',
    mutate: (repo) => {
      stage(repo);
      rootAs(repo, { composition: 'replace', extra: ['supersedes: [ai.repo.rules.project]', 'children:', '  require_contract: false'] });
      writeDoc(repo, PROJECT_DOC, { id: 'ai.repo.rules.project', composition: 'replace', extra: ['supersedes: [ai]'] });
    },
    subjects: [ROOT_DOC, PROJECT_DOC],
  },
  {
    problem: 'supersedes-non-ancestor',
    mutate: (repo) => {
      stage(repo);
      writeDoc(repo, '.ai/repo/profiles/README.md', { id: 'ai.repo.profiles' });
      writeDoc(repo, PROJECT_DOC, { id: 'ai.repo.rules.project', composition: 'replace', extra: ['supersedes: [ai.repo.profiles]'] });
    },
    subjects: [PROJECT_DOC],
  },
  {
    problem: 'final-override',
    mutate: (repo) => {
      stage(repo);
      rootAs(repo, { composition: 'final' });
      writeDoc(repo, PROJECT_DOC, { id: 'ai.repo.rules.project', composition: 'replace', extra: ['supersedes: [ai]'] });
    },
    subjects: [PROJECT_DOC],
  },
];
