/**
 * `usecase list`, `usecase validate` and `usecase run`: the repository's executable use cases
 * (`.ai/repo/use-cases/<id>.md`, engine/usecases/). `run` executes each scenario against this very CLI
 * in a fresh repository, keeps the evidence in the local half and records the run in the ledger.
 */

import type { Invocation } from '../commands/define';
import { ContractError, MissingError } from '../errors';
import { repositoryValidatorSwitch } from '../gate/isolation/settings';
import { underLock } from '../io/write/lock';
import { WritePlan } from '../io/write/plan';
import { policyValue } from '../layer/policy';
import type { Repository } from '../layer/repository';
import { appendEvent, checkLedger } from '../state/ledger/append';
import { ledgerTargetOf } from '../state/ledger/target';
import type { CatalogueEntry } from '../usecases/catalogue';
import { readCatalogue, useCasesDir } from '../usecases/catalogue';
import type { Setup, UseCase } from '../usecases/format';
import { isPreparedSetup, SETUPS } from '../usecases/format';
import type { UseCaseEvidence } from '../usecases/run';
import { DEFAULT_STEP_TIMEOUT_SECONDS, MAX_STEP_TIMEOUT_SECONDS, runScenario } from '../usecases/run';
import { openRepository, say } from './shared';

/** Where `run` keeps one JSON file of evidence per use case, under the local half. */
export const EVIDENCE_DIR = 'evidence/use-cases';

interface Options {
  readonly json?: boolean;
}

interface RunOptions extends Options {
  /** False for `--no-repository-validators`. */
  readonly repositoryValidators?: boolean;
}

/** The entries `id` selects: all of them, or the one with that id (12 when there is none). */
function select(repository: Repository, id: string | undefined, command: string): CatalogueEntry[] {
  const entries = readCatalogue(repository);
  if (id === undefined) return entries;
  const entry = entries.find((candidate) => candidate.id === id);
  if (!entry) {
    const known = entries.map((candidate) => candidate.id);
    throw new MissingError(
      `${command}: there is no use case ${JSON.stringify(id)} in ${useCasesDir(repository)}/ (${known.length === 0 ? 'it holds none' : `it holds: ${known.join(', ')}`}; see: majordomus usecase list)`,
    );
  }
  return [entry];
}

export function runUseCaseList(options: Options, invocation: Invocation): void {
  const repository = openRepository(invocation);
  const entries = readCatalogue(repository);
  // an empty list is said, never printed as nothing (JSON lines stay none: no object, no use case)
  if (entries.length === 0 && !options.json) say(`usecase list: none in ${useCasesDir(repository)}/`);
  for (const entry of entries) {
    const useCase = entry.useCase;
    const steps = useCase?.scenario?.steps.length ?? 0;
    if (options.json) {
      say(
        JSON.stringify({
          id: entry.id,
          file: entry.file,
          valid: entry.problems.length === 0,
          title: useCase?.title ?? null,
          status: useCase?.status ?? null,
          target: useCase?.target ?? null,
          commands: useCase?.commands ?? [],
          steps,
        }),
      );
    } else if (useCase) {
      say(`${entry.id}  ${useCase.status}  ${useCase.target}  ${steps} step${steps === 1 ? '' : 's'}  ${useCase.title}`);
    } else {
      say(
        `${entry.id}  invalid  (${entry.problems.length} problem${entry.problems.length === 1 ? '' : 's'}; see: majordomus usecase validate ${entry.id})`,
      );
    }
  }
}

export function runUseCaseValidate(id: string | undefined, options: Options, invocation: Invocation): void {
  const repository = openRepository(invocation);
  const entries = select(repository, id, 'usecase validate');
  let invalid = 0;
  for (const entry of entries) {
    if (entry.problems.length > 0) invalid++;
    if (options.json) {
      say(
        JSON.stringify({
          id: entry.id,
          file: entry.file,
          valid: entry.problems.length === 0,
          problems: entry.problems.map((p) => ({ file: p.file, line: p.line ?? null, message: p.message })),
        }),
      );
      continue;
    }
    for (const problem of entry.problems)
      say(`FAIL use-case ${problem.file}${problem.line === undefined ? '' : `:${problem.line}`}: ${problem.message}`);
  }
  const summary = `usecase validate: ${entries.length} use case${entries.length === 1 ? '' : 's'}, ${invalid} invalid`;
  if (invalid > 0) throw new ContractError(`${summary} (fix each file named above)`);
  if (!options.json) say(summary);
}

export async function runUseCaseRun(id: string | undefined, options: RunOptions, invocation: Invocation): Promise<void> {
  // the same switch as the gates': a scenario's steps are the repository's commands (a step's
  // `finish --verify-command` is its shell), so an untrusted checkout runs none of them
  const trust = repositoryValidatorSwitch(options.repositoryValidators, invocation.env);
  const repository = openRepository(invocation);
  const entries = select(repository, id, 'usecase run');
  const invalid = entries.filter((entry) => entry.problems.length > 0);
  if (invalid.length > 0) {
    throw new ContractError(
      `usecase run: ${invalid.length} use case${invalid.length === 1 ? ' is' : 's are'} not valid, so nothing ran (fix them: majordomus usecase validate)`,
      invalid.flatMap((entry) => entry.problems.map((p) => `  ${p.file}${p.line === undefined ? '' : `:${p.line}`}: ${p.message}`)),
    );
  }
  // an advisory use case without a scenario has nothing to execute: it is listed, not run; a draft or a
  // deprecated one runs only when named, so work in progress never turns a whole run red
  const withScenario = entries.map((entry) => entry.useCase!).filter((useCase) => useCase.scenario !== undefined);
  const byStatus = id === undefined ? withScenario.filter((useCase) => useCase.status === 'active') : withScenario;
  let skipped = 0;
  const skip = (useCase: UseCase, reason: string, advice: string): void => {
    skipped++;
    say(options.json ? JSON.stringify({ id: useCase.id, result: 'skip', reason }) : `SKIP ${useCase.id}: ${reason} (${advice})`);
  };
  const runnable: { useCase: UseCase; setup: Setup }[] = [];
  for (const useCase of withScenario) {
    const setup = useCase.scenario!.setup;
    if (!byStatus.includes(useCase)) skip(useCase, `status ${useCase.status}`, `run it by name: majordomus usecase run ${useCase.id}`);
    // a setup of the upstream tool's (finish-ready, challenge) is read as written; this version cannot prepare it
    else if (!isPreparedSetup(setup))
      skip(
        useCase,
        `setup ${setup} is not one this version prepares (${SETUPS.join(', ')})`,
        'start the scenario from one of those to run it',
      );
    else runnable.push({ useCase, setup });
  }
  if (!trust.enabled) {
    for (const { useCase } of runnable) {
      const reason = `not run: ${trust.disabledBy} runs none of the repository's commands, and a scenario's steps are (run it in a checkout you trust)`;
      say(options.json ? JSON.stringify({ id: useCase.id, result: 'fail', reason }) : `FAIL ${useCase.id}: ${reason}`);
    }
    throw new ContractError(
      `usecase run: ${runnable.length} use case${runnable.length === 1 ? '' : 's'} not run (${trust.disabledBy}); nothing was written`,
    );
  }
  // the evidence and its line are one change: a ledger that cannot take the line refuses before anything
  // runs, the line is written last, and a line that fails takes the evidence back
  const ledger = ledgerTargetOf(repository, 'usecase run');
  checkLedger(ledger);
  const cli = invocation.self;
  const dir = repository.layout.abs(useCasesDir(repository));
  const results: UseCaseEvidence[] = [];
  for (const { useCase, setup } of runnable) {
    const evidence = runScenario(useCase, setup, {
      cli,
      useCasesDir: dir,
      env: invocation.env,
      stepTimeoutSeconds: stepTimeout(repository),
    });
    results.push(evidence);
    say(options.json ? JSON.stringify(summaryOf(evidence)) : lineOf(evidence));
  }
  const evidenceDir = `${repository.layout.localDir}/${EVIDENCE_DIR}`;
  const failed = results.filter((evidence) => evidence.result === 'fail');
  await underLock(repository.git.commonDir, 'usecase run', () => {
    const plan = new WritePlan({ command: 'usecase run', base: repository.root });
    for (const evidence of results)
      plan.replace(`${evidenceDir}/${evidence.id}.json`, `${JSON.stringify(evidence, null, 2)}\n`, { mode: 0o600 });
    plan.commit(() =>
      appendEvent(ledger, 'use_cases.ran', { ran: results.map((evidence) => evidence.id), failed: failed.map((evidence) => evidence.id) }),
    );
  });
  const summary = `usecase run: ${results.length} ran, ${results.length - failed.length} passed, ${failed.length} failed${skipped > 0 ? `, ${skipped} skipped` : ''}; evidence in ${evidenceDir}/`;
  if (options.json)
    say(
      JSON.stringify({
        summary: true,
        ran: results.length,
        passed: results.length - failed.length,
        skipped,
        failed: failed.map((evidence) => evidence.id),
        evidence: evidenceDir,
      }),
    );
  if (failed.length > 0) throw new ContractError(summary);
  if (!options.json) say(summary);
}

/** `use_cases.step_timeout_seconds`, or the default when the policy says nothing usable (the policy rule names what is wrong). */
function stepTimeout(repository: Repository): number {
  const value = policyValue(repository, 'use_cases.step_timeout_seconds');
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_STEP_TIMEOUT_SECONDS
    ? value
    : DEFAULT_STEP_TIMEOUT_SECONDS;
}

function summaryOf(evidence: UseCaseEvidence): Record<string, unknown> {
  const failing = evidence.steps.find((step) => !step.passed);
  return {
    id: evidence.id,
    result: evidence.result,
    steps_run: evidence.steps.length,
    steps_declared: evidence.steps_declared,
    failed_step: failing?.id ?? null,
    failures: failing?.failures ?? (evidence.setup_failure ? [evidence.setup_failure] : []),
  };
}

function lineOf(evidence: UseCaseEvidence): string {
  const head = `${evidence.result === 'pass' ? 'PASS' : 'FAIL'} ${evidence.id}`;
  if (evidence.setup_failure) return `${head}: ${evidence.setup_failure}`;
  const failing = evidence.steps.find((step) => !step.passed);
  if (!failing) return `${head}: ${evidence.steps.length} step${evidence.steps.length === 1 ? '' : 's'}`;
  const what = failing.worker === undefined ? failing.run.join(' ') : `worker: ${failing.worker}`;
  return `${head}: step ${failing.id} (${what}): ${failing.failures.join('; ')}`;
}
