/**
 * The objects of the layer, kind by kind: what each is called (`majordomus://<kind>/<identity>`), its
 * title, the file that holds it, its date where it has one, and how it is read. Every object is found
 * by listing what the engine already reads — the rule set, the sessions section, the use-case
 * catalogue, the knowledge sources, the stores and records of the local half — so an identity is only
 * ever looked up among these, never turned into a path: a URI cannot name a file the layer does not hold.
 */
import { basename } from 'node:path';
import { DocumentError } from '../io/document-error';
import { parseFrontMatter } from '../layer/front-matter';
import type { Repository } from '../layer/repository';
import { parseYaml } from '../layer/yaml';
import { loadRuleSet } from '../ruleset/rules';
import { discoverNodesNow } from '../state/knowledge/nodes';
import { judgeSources, sourcesPath } from '../state/knowledge/sources';
import { DECISIONS_FILE, parseDecisions } from '../state/records/decisions';
import { parseQuestions, QUESTIONS_FILE } from '../state/records/questions';
import { closedEpisodes } from '../state/sessions/read';
import { readCurrentTask } from '../state/tasks/current';
import { readCatalogue } from '../usecases/catalogue';
import { loadRecords, readLocal, readStore } from './stores';

/** The kinds of object the layer serves, in the order a listing gives them. */
export const OBJECT_KINDS = ['rule', 'session', 'use-case', 'knowledge', 'decision', 'question', 'task', 'checkpoint', 'handover'] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];

/** What an object holds when it is read: its text as written, and its front matter (or fields) parsed. */
export interface ObjectContent {
  readonly text: string;
  readonly front_matter: Readonly<Record<string, unknown>> | null;
}

/** One object of the layer, as listed; `read` gives its content. */
export interface LayerObject {
  readonly kind: ObjectKind;
  readonly identity: string;
  readonly title: string;
  /** The repository-relative file that holds it. */
  readonly path: string;
  /** When it was made or last recorded (an ISO date or time), where the object itself says. */
  readonly date: string | null;
  /** True for a file git tracks (its date, when it has none of its own, is its last commit's). */
  readonly tracked: boolean;
  /** The tasks it belongs to (a record's task, a session's tasks); empty for what no task owns. */
  readonly tasks: readonly string[];
  readonly read: () => ObjectContent;
}

/** The objects of one kind, and what kept any of them from being listed. */
export interface KindListing {
  readonly objects: readonly LayerObject[];
  readonly problems: readonly string[];
}

/** A Markdown file's text and front matter; a file without front matter is its text alone. */
function markdownContent(text: string, path: string): ObjectContent {
  try {
    return { text, front_matter: parseFrontMatter(text, path).data.value as Record<string, unknown> };
  } catch (error) {
    if (error instanceof DocumentError) return { text, front_matter: null };
    throw error;
  }
}

/** A YAML file's text and its parsed mapping (null when it is not one). */
function yamlContent(text: string, path: string): ObjectContent {
  try {
    const value = parseYaml(text, path).value;
    return {
      text,
      front_matter: value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null,
    };
  } catch (error) {
    if (error instanceof DocumentError) return { text, front_matter: null };
    throw error;
  }
}

/** A tracked file's content, by its extension. */
function trackedContent(repository: Repository, path: string): ObjectContent {
  const text = repository.tree.readText(path);
  if (path.endsWith('.md')) return markdownContent(text, path);
  if (path.endsWith('.yaml') || path.endsWith('.yml')) return yamlContent(text, path);
  return { text, front_matter: null };
}

/** A string field of a mapping, or undefined. */
function field(value: unknown, key: string): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' && found.trim() !== '' ? found : undefined;
}

function rules(repository: Repository): KindListing {
  const ruleSet = loadRuleSet(repository.layout);
  return {
    objects: ruleSet.rules.map((rule) => ({
      kind: 'rule',
      identity: rule.identity,
      title: rule.title,
      path: rule.file,
      date: null,
      tracked: true,
      tasks: [],
      read: () => trackedContent(repository, rule.file),
    })),
    problems: ruleSet.problems.map((p) => `${p.file ?? p.subject}${p.line === undefined ? '' : `:${p.line}`}: ${p.message}`),
  };
}

function sessions(repository: Repository): KindListing {
  const episodes = closedEpisodes(repository);
  return {
    objects: episodes
      .filter((episode) => episode.problem === undefined)
      .map((episode) => ({
        kind: 'session',
        identity: episode.session_id,
        title: field(episode.front, 'title') ?? episode.session_id,
        path: episode.path,
        date: field(episode.front, 'closed_at') ?? field(episode.front, 'started_at') ?? null,
        tracked: true,
        tasks: Array.isArray(episode.front?.tasks)
          ? (episode.front.tasks as unknown[]).filter((t): t is string => typeof t === 'string')
          : [],
        read: () => trackedContent(repository, episode.path),
      })),
    problems: episodes.flatMap((episode) => (episode.problem === undefined ? [] : [`${episode.path}: ${episode.problem}`])),
  };
}

function useCases(repository: Repository): KindListing {
  const catalogue = readCatalogue(repository);
  return {
    objects: catalogue
      .filter((entry) => entry.useCase !== undefined)
      .map((entry) => ({
        kind: 'use-case',
        identity: entry.id,
        title: entry.useCase!.title,
        path: entry.file,
        date: null,
        tracked: true,
        tasks: [],
        read: () => trackedContent(repository, entry.file),
      })),
    problems: catalogue.flatMap((entry) => (entry.useCase === undefined ? [`${entry.file}: not a sound use case`] : [])),
  };
}

/**
 * The nodes the knowledge sources discover that no other kind serves (the policy, the scope, profiles,
 * ADRs, candidates…), each under its identity — or its path, where two nodes share an identity.
 */
function knowledge(repository: Repository, served: ReadonlySet<string>): KindListing {
  const file = sourcesPath(repository.layout);
  if (file === undefined || !repository.tree.exists(file)) return { objects: [], problems: [] };
  let judged: ReturnType<typeof judgeSources>;
  try {
    judged = judgeSources(repository.yaml(file));
  } catch (error) {
    if (error instanceof DocumentError) return { objects: [], problems: [error.message] };
    throw error;
  }
  if (judged.problems.length > 0)
    return { objects: [], problems: [`${file} declares its classes wrongly (run: majordomus knowledge sources)`] };
  const nodes = discoverNodesNow(repository, judged.classes).nodes.filter((node) => !served.has(node.path));
  const seen = new Map<string, number>();
  for (const node of nodes) seen.set(node.identity, (seen.get(node.identity) ?? 0) + 1);
  return {
    objects: nodes.map((node) => {
      let title = basename(node.path);
      try {
        const content = trackedContent(repository, node.path);
        title = field(content.front_matter, 'title') ?? title;
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
      }
      return {
        kind: 'knowledge',
        identity: seen.get(node.identity)! > 1 ? node.path : node.identity,
        title,
        path: node.path,
        date: null,
        tracked: true,
        tasks: [],
        read: () => trackedContent(repository, node.path),
      };
    }),
    problems: [],
  };
}

function decisions(repository: Repository): KindListing {
  const file = `${repository.layout.localDir}/${DECISIONS_FILE}`;
  const text = readStore(repository, file);
  const lines = text.split('\n');
  const entries = parseDecisions(text);
  return {
    objects: entries.map((entry, index) => {
      const end = index + 1 < entries.length ? entries[index + 1]!.line - 1 : lines.length;
      const value = (name: string): string | null => entry.fields.get(name)?.value ?? null;
      return {
        kind: 'decision',
        identity: String(index + 1),
        title: entry.title,
        path: file,
        date: entry.date ?? null,
        tracked: false,
        tasks: value('Task') === null ? [] : [value('Task')!],
        read: () => ({
          text: `${lines
            .slice(entry.line - 1, end)
            .join('\n')
            .trimEnd()}\n`,
          front_matter: {
            line: entry.line,
            date: entry.date ?? null,
            decision: entry.title,
            task: value('Task'),
            head: value('Head'),
            why: value('Why'),
            rejected: value('Rejected'),
            evidence: value('Evidence'),
            supersedes: value('Supersedes'),
          },
        }),
      };
    }),
    problems: [],
  };
}

function questions(repository: Repository): KindListing {
  const file = `${repository.layout.localDir}/${QUESTIONS_FILE}`;
  const store = parseQuestions(readStore(repository, file));
  return {
    objects: store.entries.map((entry) => ({
      kind: 'question',
      identity: String(entry.number),
      title: entry.question,
      path: file,
      date: entry.date,
      tracked: false,
      tasks: [entry.task],
      read: () => ({
        text: `${store.lines[entry.line - 1]!.replace(/\r$/, '')}\n`,
        front_matter: {
          number: entry.number,
          line: entry.line,
          task_id: entry.task,
          question: entry.question,
          resolved: entry.resolved,
          date: entry.date,
          answer: entry.answer ?? null,
        },
      }),
    })),
    problems: store.malformed.map((bad) => `${file}:${bad.line}: ${bad.problem}`),
  };
}

function task(repository: Repository): KindListing {
  const current = readCurrentTask(repository.root, repository.layout.localDir);
  if (current.status === 'absent') return { objects: [], problems: [] };
  if (current.status === 'unreadable')
    return {
      objects: [],
      problems: current.problems.map((p) => `${current.file}${p.line === undefined ? '' : `:${p.line}`}: ${p.message}`),
    };
  const record = current.task as unknown as Record<string, unknown>;
  return {
    objects: [
      {
        kind: 'task',
        identity: 'current',
        title: field(record, 'task') ?? field(record, 'id') ?? 'the current task',
        path: current.file,
        date: field(record, 'checkpoint_at') ?? field(record, 'started_at') ?? null,
        tracked: false,
        tasks: [current.task.id],
        read: () => ({ text: readLocal(repository, current.file), front_matter: record }),
      },
    ],
    problems: [],
  };
}

function records(repository: Repository, kind: 'checkpoint' | 'handover'): KindListing {
  const { records, problems } = loadRecords(repository, kind);
  return {
    objects: records.map((record) => ({
      kind,
      identity: record.name.replace(/\.md$/, ''),
      title: `${kind} of ${record.task_id} at ${record.created_at}`,
      path: record.path,
      date: record.created_at,
      tracked: false,
      tasks: [record.task_id],
      read: () => markdownContent(readLocal(repository, record.path), record.path),
    })),
    problems,
  };
}

/** The objects of `kinds` in `repository`, kind by kind in the order of OBJECT_KINDS, with what kept any from being listed. */
export function listKinds(repository: Repository, kinds: readonly ObjectKind[]): KindListing {
  const done = new Map<ObjectKind, KindListing>();
  const of = (kind: ObjectKind): KindListing => {
    let listing = done.get(kind);
    if (!listing) {
      listing = listOne(repository, kind, of);
      done.set(kind, listing);
    }
    return listing;
  };
  const chosen = OBJECT_KINDS.filter((kind) => kinds.includes(kind)).map(of);
  return { objects: chosen.flatMap((listing) => listing.objects), problems: chosen.flatMap((listing) => listing.problems) };
}

function listOne(repository: Repository, kind: ObjectKind, of: (kind: ObjectKind) => KindListing): KindListing {
  switch (kind) {
    case 'rule':
      return rules(repository);
    case 'session':
      return sessions(repository);
    case 'use-case':
      return useCases(repository);
    case 'knowledge': {
      // what the other kinds serve is theirs; knowledge is the rest of the index
      const served = new Set((['rule', 'session', 'use-case'] as const).flatMap((other) => of(other).objects.map((o) => o.path)));
      return knowledge(repository, served);
    }
    case 'decision':
      return decisions(repository);
    case 'question':
      return questions(repository);
    case 'task':
      return task(repository);
    case 'checkpoint':
    case 'handover':
      return records(repository, kind);
  }
}
