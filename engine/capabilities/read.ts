/**
 * The capabilities that read the layer: its objects listed and read, search, the context the next
 * worker needs, and the ledger's history. Each writes nothing; each answers a list or context, so each
 * takes a budget over MCP.
 */
import { briefingFor, contextAnswer } from './context';
import type { AnyCapability, Invocation } from './define';
import { count, defineCapability, objectSchema, text } from './define';
import type { HistoryAnswer, HistoryQuestion } from './history';
import { readHistory } from './history';
import type { ListQuestion, ObjectDetail, ObjectPage } from './objects';
import { getObject, listObjects, MAX_PAGE_SIZE } from './objects';
import {
  ANY_OBJECT,
  BOOLEAN,
  INTEGER,
  KIND,
  NULLABLE_INTEGER,
  NULLABLE_OBJECT,
  NULLABLE_STRING,
  STRING,
  STRINGS,
  SUMMARY,
  SUMMARY_KEYS,
  SUMMARY_PROPERTIES,
} from './schemas';
import type { SearchAnswer, SearchQuestion } from './search';
import { MAX_QUERY_LENGTH, MAX_SEARCH_LIMIT, search, searchVerdict } from './search';

const listObjectsCapability = defineCapability<ListQuestion, ObjectPage>({
  name: 'list_objects',
  title: 'List the objects of the layer',
  description:
    'List the objects of the AI layer (.ai/) — rules, closed sessions, use cases, knowledge, decisions, questions, the current task, checkpoints, handovers — each with its majordomus:// URI, title, file and date, a page at a time. Read one with get_object.',
  effect: 'reads',
  toolset: 'read',
  command: 'objects list',
  json: { form: 'object' },
  budgeted: true,
  input: objectSchema({
    kind: { ...KIND, description: 'only the objects of this kind' },
    limit: count('how many objects a page holds (default 100)', MAX_PAGE_SIZE),
    offset: { type: 'integer', description: 'where the page starts (next_offset of the page before)', minimum: 0, maximum: 1e9 },
  }),
  output: objectSchema(
    {
      kind: { type: ['string', 'null'] },
      total: INTEGER,
      offset: INTEGER,
      items: { type: 'array', items: SUMMARY },
      next_offset: NULLABLE_INTEGER,
      problems: STRINGS,
    },
    ['kind', 'total', 'offset', 'items', 'next_offset', 'problems'],
  ),
  run: async (input, invocation) => listObjects(input, invocation),
});

const getObjectCapability = defineCapability<{ uri: string }, ObjectDetail>({
  name: 'get_object',
  title: 'Read one object of the layer',
  description:
    'Read one object of the AI layer by its URI (majordomus://rule/<id>@<version>, majordomus://session/<id>, majordomus://task/current, …): its file text and its parsed front matter.',
  effect: 'reads',
  toolset: 'read',
  command: 'objects show',
  json: { form: 'object' },
  budgeted: true,
  input: objectSchema({ uri: text('majordomus://<kind>/<identity>, as list_objects or search gives it', 2048) }, ['uri']),
  output: objectSchema({ ...SUMMARY_PROPERTIES, front_matter: NULLABLE_OBJECT, text: STRING }, [...SUMMARY_KEYS, 'front_matter', 'text']),
  run: async (input, invocation) => getObject(input, invocation),
});

const searchCapability = defineCapability<SearchQuestion, SearchAnswer>({
  name: 'search',
  title: 'Search the layer',
  description:
    'Look for a literal text (case-insensitive, never a pattern) in the objects of the AI layer, newest first, each with its first matching line. Nothing matching is an error with exit code 12.',
  effect: 'reads',
  toolset: 'read',
  command: 'search',
  json: { form: 'object' },
  budgeted: true,
  input: objectSchema(
    {
      text: { type: 'string', description: 'the text to look for, as it is written', minLength: 1, maxLength: MAX_QUERY_LENGTH },
      kind: { ...KIND, description: 'only objects of this kind' },
      task: text('only objects of this task (a task id)', 200),
      limit: count('how many objects to answer at most (default 20)', MAX_SEARCH_LIMIT),
    },
    ['text'],
  ),
  output: objectSchema(
    {
      text: STRING,
      kind: NULLABLE_STRING,
      task: NULLABLE_STRING,
      total: INTEGER,
      limit: INTEGER,
      results: {
        type: 'array',
        items: objectSchema({ ...SUMMARY_PROPERTIES, line: INTEGER, snippet: STRING, matches: INTEGER }, [
          ...SUMMARY_KEYS,
          'line',
          'snippet',
          'matches',
        ]),
      },
    },
    ['text', 'kind', 'task', 'total', 'limit', 'results'],
  ),
  run: async (input, invocation) => search(input, invocation),
  verdict: searchVerdict,
});

const COUNTED_LIST = (items: Record<string, unknown>) =>
  objectSchema({ items: { type: 'array', items }, total: INTEGER }, ['items', 'total']);

const contextCapability = defineCapability<{ budget_lines?: number }, Record<string, unknown>>({
  name: 'context',
  title: 'What the next worker needs',
  description:
    "The active task and its scope, the current state (checkpoint or handover), open questions, recent decisions and the previous turn, within the policy's line budget (refused with the figure when over, never cut).",
  effect: 'reads',
  toolset: 'read',
  command: 'context',
  json: { form: 'object' },
  budgeted: true,
  input: objectSchema({ budget_lines: count('the budget in lines, over context.builder_budget_lines', 1_000_000) }),
  output: objectSchema(
    {
      budget_lines: INTEGER,
      budget_from: STRING,
      lines: INTEGER,
      task: NULLABLE_OBJECT,
      scope: COUNTED_LIST({ type: 'string' }),
      state: NULLABLE_OBJECT,
      questions: COUNTED_LIST(ANY_OBJECT),
      decisions: COUNTED_LIST(ANY_OBJECT),
      previous: NULLABLE_OBJECT,
      previous_none: NULLABLE_STRING,
      problems: STRINGS,
      text: STRINGS,
    },
    ['budget_lines', 'budget_from', 'lines', 'task', 'scope', 'state', 'questions', 'decisions', 'previous', 'problems', 'text'],
  ),
  run: async (input, invocation: Invocation) => contextAnswer(briefingFor({ budgetLines: input.budget_lines }, invocation)),
});

const historyCapability = defineCapability<HistoryQuestion, HistoryAnswer>({
  name: 'history',
  title: 'The ledger read back',
  description:
    "The ledger's events (task started, checkpoint, decision recorded, question opened, finished…), oldest first: the newest 50 unless a limit or all is asked for, filtered by task, event name or time.",
  effect: 'reads',
  toolset: 'read',
  command: 'history',
  json: { form: 'lines', key: 'events' },
  budgeted: true,
  input: objectSchema({
    task: text('only the events of this task', 200),
    event: text('only this event (a name of share/events.yaml, e.g. decision.recorded)', 200),
    since: text('only events at or after this UTC date or time (2026-09-03, 2026-09-03T19:30:12Z)', 40),
    limit: count('the newest n matching events (default 50)', 1_000_000),
    all: { ...BOOLEAN, description: 'every matching event' },
  }),
  output: objectSchema(
    {
      ledger: STRING,
      events: { type: 'array', items: objectSchema({ line: INTEGER, record: ANY_OBJECT }, ['line', 'record']) },
      skipped: INTEGER,
    },
    ['ledger', 'events', 'skipped'],
  ),
  run: async (input, invocation) => readHistory(input, invocation),
});

export const READ_CAPABILITIES: readonly AnyCapability[] = [
  listObjectsCapability,
  getObjectCapability,
  searchCapability,
  contextCapability,
  historyCapability,
];
