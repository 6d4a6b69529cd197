/**
 * Whether a gate runs the repository's own validators, and how long each may take. The switch
 * (`--no-repository-validators`, `MAJORDOMUS_REPOSITORY_VALIDATORS=0`) is for a checkout whose code is
 * not trusted: with it, no repository module is imported, and each rule that needs one fails saying so.
 * The time limit is the policy's `repository_validators.timeout_seconds`. This module is small on
 * purpose: every gate reads it, and nothing of the isolation machinery is loaded until a repository
 * validator actually runs.
 */
import { UsageError } from '../errors';
import type { Repository } from '../repository';

/** The environment variable that switches repository validators off (`0`) for every gate. */
export const SWITCH_VARIABLE = 'MAJORDOMUS_REPOSITORY_VALIDATORS';
/** The command-line option that does the same for one run. */
export const SWITCH_OPTION = '--no-repository-validators';
/** Seconds a repository validator may take when the policy says nothing. */
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** The largest limit the policy may set (the schema's maximum). */
export const MAX_TIMEOUT_SECONDS = 3600;

/** How a gate treats rules whose validator is the repository's own. */
export interface RepositoryValidators {
  /** False when a switch turned them off: no repository module is imported. */
  readonly enabled: boolean;
  /** What turned them off, for the finding of each rule that was not run. */
  readonly disabledBy?: string;
  /** The limit per rule, in milliseconds; when absent, read from the judged repository's policy. */
  readonly timeoutMs?: number;
}

/**
 * The switch as the command line (`option` is commander's `repositoryValidators`, false for
 * `--no-repository-validators`) and the environment set it. A value of the variable that is neither
 * on nor off is a usage error (2): a typo in a safety switch must not run the code it meant to keep out.
 */
export function repositoryValidatorSwitch(option: boolean | undefined, env: NodeJS.ProcessEnv = process.env): RepositoryValidators {
  const value = env[SWITCH_VARIABLE];
  const normalised = value?.trim().toLowerCase();
  let envEnabled = true;
  if (normalised !== undefined && normalised !== '') {
    if (['0', 'false', 'no', 'off'].includes(normalised)) envEnabled = false;
    else if (!['1', 'true', 'yes', 'on'].includes(normalised)) {
      throw new UsageError(`${SWITCH_VARIABLE} is ${JSON.stringify(value)}, which is neither on nor off (set it to 0 to run no repository validator, or 1 or nothing to run them)`);
    }
  }
  if (option === false) return { enabled: false, disabledBy: SWITCH_OPTION };
  if (!envEnabled) return { enabled: false, disabledBy: `${SWITCH_VARIABLE}=${value}` };
  return { enabled: true };
}

/**
 * The policy's limit in milliseconds, read from the tree the gate judges (the index inside a
 * pre-commit hook). A policy that does not parse, or a value the schema refuses, gives the default:
 * the policy rule reports what is wrong with it, and the gate still runs under a limit.
 */
export function policyTimeoutMs(repository: Repository | undefined): number {
  return seconds(repository) * 1000;
}

function seconds(repository: Repository | undefined): number {
  if (!repository) return DEFAULT_TIMEOUT_SECONDS;
  const layout = repository.layout;
  const file = layout.section('policy') ?? `${layout.repoDir}/policy.yaml`;
  let policy: unknown;
  try {
    policy = repository.yaml(file).value;
  } catch {
    return DEFAULT_TIMEOUT_SECONDS;
  }
  const section = policy !== null && typeof policy === 'object' ? (policy as Record<string, unknown>).repository_validators : undefined;
  const value = section !== null && typeof section === 'object' ? (section as Record<string, unknown>).timeout_seconds : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_TIMEOUT_SECONDS ? value : DEFAULT_TIMEOUT_SECONDS;
}
