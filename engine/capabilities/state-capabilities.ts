/**
 * The writers of the local state: a decision, a question opened or answered, a checkpoint, a handover, a
 * task started or finished. Each runs the function its command runs (engine/capabilities/records.ts and
 * tasks.ts), under the same write lock, through the same one writer, with the same ledger line and the
 * same refusals; each writes the checkout's local half (`writes-local`).
 */
import type { AnyCapability, JsonSchema } from './define';
import { defineCapability, objectSchema, text, texts } from './define';
import type { CheckpointWritten, DecisionInput, DecisionRecorded, HandoverWritten, QuestionOpened, QuestionResolved } from './records';
import { addDecision, addQuestion, bodyText, resolveQuestion, writeCheckpoint, writeHandover } from './records';
import { BOOLEAN, GATE_ANSWER, INTEGER, NULLABLE_OBJECT, NULLABLE_STRING, STRING, STRINGS, TASK_PROPERTIES } from './schemas';
import type { Finished, Started } from './tasks';
import { finish, start } from './tasks';

/** A record's body, as `checkpoint` and `handover` read it on stdin (1 MiB of UTF-8 at most). */
const BODY = (description: string): JsonSchema => ({ type: 'string', description, maxLength: 1024 * 1024 });

const decisionAdd = defineCapability<DecisionInput, DecisionRecorded>({
  name: 'decision_add',
  title: 'Record a decision',
  description:
    'Append a decision of the active task to .ai/local/state/decisions.md, with why (required), the alternatives rejected and the evidence; Task and Head are computed, and decision.recorded goes to the ledger.',
  effect: 'writes-local',
  toolset: 'state',
  command: 'decision add',
  json: { form: 'object' },
  input: objectSchema(
    {
      what: text('what was decided, one line'),
      why: text('why, one line (required: a decision with no recorded reason can only be re-argued)'),
      rejected: texts('an alternative rejected, one line each'),
      evidence: texts('what supports it, one line each'),
      supersedes: text('the earlier decision this one replaces (its text, exactly)'),
    },
    ['what', 'why'],
  ),
  output: objectSchema({ task_id: STRING, head: STRING, decision: STRING, file: STRING }, ['task_id', 'head', 'decision', 'file']),
  run: (input, invocation) => addDecision(input, invocation),
});

const questionAdd = defineCapability<{ question: string }, QuestionOpened>({
  name: 'question_add',
  title: 'Open a question',
  description:
    'Open a question against the active task in .ai/local/state/open-questions.md (it blocks acceptance until answered); question.opened goes to the ledger.',
  effect: 'writes-local',
  toolset: 'state',
  command: 'question add',
  json: { form: 'object' },
  input: objectSchema({ question: text('the question, one line') }, ['question']),
  output: objectSchema({ number: INTEGER, task_id: STRING, question: STRING, file: STRING }, ['number', 'task_id', 'question', 'file']),
  run: (input, invocation) => addQuestion(input.question, invocation),
});

const questionResolve = defineCapability<{ question: string; answer: string }, QuestionResolved>({
  name: 'question_resolve',
  title: 'Answer a question',
  description:
    'Answer a question, named by its number (as list_objects kind question gives it) or its exact text; an answer is never replaced. question.resolved goes to the ledger.',
  effect: 'writes-local',
  toolset: 'state',
  command: 'question resolve',
  json: { form: 'object' },
  input: objectSchema({ question: text('its number, or its exact text', 4096), answer: text('the answer, one line') }, [
    'question',
    'answer',
  ]),
  output: objectSchema({ number: INTEGER, task_id: STRING, question: STRING, answer: STRING }, ['number', 'task_id', 'question', 'answer']),
  run: (input, invocation) => resolveQuestion(input.question, input.answer, invocation),
});

const checkpoint = defineCapability<{ body?: string }, CheckpointWritten>({
  name: 'checkpoint',
  title: 'Record progress',
  description:
    "Record a checkpoint of the active task (Markdown under the policy's line cap); an empty body only moves the task's checkpoint_at. task.checkpoint goes to the ledger.",
  effect: 'writes-local',
  toolset: 'state',
  command: 'checkpoint',
  json: { form: 'object' },
  input: objectSchema({ body: BODY('the checkpoint, Markdown (# Objective, # Current State, # Next Action); empty: no record') }),
  output: objectSchema({ task_id: STRING, checkpoint_at: STRING, path: NULLABLE_STRING }, ['task_id', 'checkpoint_at', 'path']),
  run: (input, invocation) => writeCheckpoint(() => bodyText('checkpoint', input.body ?? ''), invocation),
});

const handover = defineCapability<{ body: string; close?: boolean }, HandoverWritten>({
  name: 'handover',
  title: 'Hand the task over',
  description:
    "Write a handover of the active task (Markdown with the policy's required sections); with close, the task's outcome becomes handed_over. task.handed_over goes to the ledger.",
  effect: 'writes-local',
  toolset: 'state',
  command: 'handover',
  json: { form: 'object' },
  input: objectSchema(
    {
      body: BODY('the handover, Markdown with each section handover.required_sections names'),
      close: { ...BOOLEAN, description: 'hand the task over: its outcome becomes handed_over' },
    },
    ['body'],
  ),
  output: objectSchema({ task_id: STRING, path: STRING, closed: BOOLEAN }, ['task_id', 'path', 'closed']),
  run: (input, invocation) => writeHandover(() => bodyText('handover', input.body), input.close === true, invocation),
});

const startTask = defineCapability<{ task: string; scope: readonly string[]; profile?: string; owner?: string }, Started>({
  name: 'start_task',
  title: 'Start a task',
  description:
    'Start a task: claim the paths it may change (scope) and record where it starts from in .ai/local/state/current.yaml; task.started goes to the ledger. Refused while another task is active.',
  effect: 'writes-local',
  toolset: 'state',
  command: 'start',
  json: { form: 'object' },
  input: objectSchema(
    {
      task: text('what the task is, one line'),
      scope: { ...texts('the pathspecs it claims (`.` is the whole repository)', 200), minItems: 1 },
      profile: text("the execution profile (default: the policy's profiles.default)", 200),
      owner: text("who works on it (default: git's user.name)", 200),
    },
    ['task', 'scope'],
  ),
  output: {
    type: 'object',
    properties: {
      ...TASK_PROPERTIES,
      written: STRINGS,
      archived: NULLABLE_STRING,
      turn: NULLABLE_OBJECT,
      dirty: { ...STRINGS, description: 'the paths already changed when the task started: its starting point, not its changes' },
    },
    required: ['id', 'task', 'scope', 'outcome', 'written', 'archived', 'turn', 'dirty'],
  },
  run: (input, invocation) => start(input, invocation),
});

const finishTask = defineCapability<{ outcome: string; note?: string; quiet?: boolean }, Finished>({
  name: 'finish_task',
  title: 'Finish the active task',
  description:
    'Finish the active task with an outcome, if it meets the completion contract (its rules run first); the note, when given, is kept as the completion note. Refused (the task stays active) with the unmet rules; takes no verify command — run `majordomus finish --verify-command` for that.',
  effect: 'writes-local',
  toolset: 'state',
  command: 'finish',
  json: { form: 'lines', key: 'findings', after: ['task_id', 'outcome', 'accepted', 'unmet', 'verify', 'verify_run', 'written'] },
  input: objectSchema(
    {
      outcome: { type: 'string', enum: ['completed', 'partial', 'blocked', 'no_match', 'failed'], description: 'the outcome to record' },
      note: BODY('the completion note, Markdown: what was delivered'),
      quiet: { ...BOOLEAN, description: 'leave out OK and INFO findings (default true)', default: true },
    },
    ['outcome'],
  ),
  output: objectSchema(
    {
      task_id: STRING,
      outcome: STRING,
      accepted: BOOLEAN,
      unmet: STRINGS,
      verify: NULLABLE_OBJECT,
      verify_run: { ...BOOLEAN, description: 'false when the task was refused on what is cheap to judge, before any verify command ran' },
      written: STRINGS,
      exit_code: INTEGER,
      findings: (GATE_ANSWER.properties as Record<string, JsonSchema>).findings!,
    },
    ['task_id', 'outcome', 'accepted', 'unmet', 'verify', 'verify_run', 'written', 'exit_code', 'findings'],
  ),
  run: (input, invocation) =>
    finish(
      {
        outcome: input.outcome,
        quiet: input.quiet ?? true,
        ...(input.note === undefined ? {} : { noteText: bodyText('finish', input.note) }),
      },
      invocation,
    ),
  verdict: (answer) =>
    answer.accepted
      ? undefined
      : { exitCode: answer.exit_code, message: `finish: task ${answer.task_id} stays active (unmet: ${answer.unmet.join(', ')})` },
});

export const STATE_CAPABILITIES: readonly AnyCapability[] = [
  decisionAdd,
  questionAdd,
  questionResolve,
  checkpoint,
  handover,
  startTask,
  finishTask,
];
