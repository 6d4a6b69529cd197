/**
 * Whether a gate runs the repository's own validators, and how long and how much memory each may take. The switch
 * (`--no-repository-validators`, `MAJORDOMUS_REPOSITORY_VALIDATORS=0`) is for a checkout whose code is
 * not trusted: with it, no repository module is imported, and each rule that needs one fails saying so.
 * The limits are the policy's `repository_validators.timeout_seconds` and `memory_mb`. This module is small on
 * purpose: every gate reads it, and nothing of the isolation machinery is loaded until a repository
 * validator actually runs.
 */
import { UsageError } from '../../errors';
import type { Repository } from '../../layer/repository';

/** The environment variable that switches repository validators off (`0`) for every gate. */
export const SWITCH_VARIABLE = 'MAJORDOMUS_REPOSITORY_VALIDATORS';
/** The command-line option that does the same for one run. */
export const SWITCH_OPTION = '--no-repository-validators';
/** Seconds a repository validator may take when the policy says nothing. */
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** The largest limit the policy may set (the schema's maximum). */
export const MAX_TIMEOUT_SECONDS = 3600;
/**
 * Megabytes of heap a repository validator may hold when the policy says nothing. A validator reads
 * files and reports findings; a gigabyte holds every text file of a very large repository at once, and
 * still leaves a machine room when a hostile one allocates without end.
 */
export const DEFAULT_MEMORY_MB = 1024;
/** The policy section of both limits, and the memory limit's key in it (a message names them). */
export const POLICY_SECTION = 'repository_validators';
export const MEMORY_KEY = 'memory_mb';
/** The smallest and largest memory limits the policy may set (the schema's bounds). */
export const MIN_MEMORY_MB = 16;
export const MAX_MEMORY_MB = 65536;

/** How a gate treats rules whose validator is the repository's own. */
export interface RepositoryValidators {
  /** False when a switch turned them off: no repository module is imported. */
  readonly enabled: boolean;
  /** What turned them off, for the finding of each rule that was not run. */
  readonly disabledBy?: string;
  /** The limit per rule, in milliseconds; when absent, read from the judged repository's policy. */
  readonly timeoutMs?: number;
  /** The heap limit per rule, in megabytes; when absent, read from the judged repository's policy. */
  readonly memoryMb?: number;
}

/**
 * The switch as the command line (`option` is commander's `repositoryValidators`, false for
 * `--no-repository-validators`) and the environment set it. A value of the variable that is neither
 * on nor off is a usage error (2): a typo in a safety switch must not run the code it meant to keep out.
 */
export function repositoryValidatorSwitch(option: boolean | undefined, env: NodeJS.ProcessEnv): RepositoryValidators {
  const value = env[SWITCH_VARIABLE];
  const normalised = value?.trim().toLowerCase();
  let envEnabled = true;
  if (normalised !== undefined && normalised !== '') {
    if (['0', 'false', 'no', 'off'].includes(normalised)) envEnabled = false;
    else if (!['1', 'true', 'yes', 'on'].includes(normalised)) {
      throw new UsageError(
        `${SWITCH_VARIABLE} is ${JSON.stringify(value)}, which is neither on nor off (set it to 0 to run no repository validator, or 1 or nothing to run them)`,
      );
    }
  }
  if (option === false) return { enabled: false, disabledBy: SWITCH_OPTION };
  if (!envEnabled) return { enabled: false, disabledBy: `${SWITCH_VARIABLE}=${value}` };
  return { enabled: true };
}

/**
 * The policy's time limit in milliseconds, read from the tree the gate judges (the index inside a
 * pre-commit hook). A policy that does not parse, or a value the schema refuses, gives the default:
 * the policy rule reports what is wrong with it, and the gate still runs under a limit.
 */
export function policyTimeoutMs(repository: Repository | undefined): number {
  return policyLimit(repository, 'timeout_seconds', 1, MAX_TIMEOUT_SECONDS, DEFAULT_TIMEOUT_SECONDS) * 1000;
}

/** The policy's memory limit in megabytes, read and defaulted as the time limit is. */
export function policyMemoryMb(repository: Repository | undefined): number {
  return policyLimit(repository, MEMORY_KEY, MIN_MEMORY_MB, MAX_MEMORY_MB, DEFAULT_MEMORY_MB);
}

function policyLimit(repository: Repository | undefined, key: string, min: number, max: number, fallback: number): number {
  if (!repository) return fallback;
  const layout = repository.layout;
  const file = layout.policyFile;
  let policy: unknown;
  try {
    policy = repository.yaml(file).value;
  } catch {
    return fallback;
  }
  const section = policy !== null && typeof policy === 'object' ? (policy as Record<string, unknown>)[POLICY_SECTION] : undefined;
  const value = section !== null && typeof section === 'object' ? (section as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}
