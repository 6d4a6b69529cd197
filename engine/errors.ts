/**
 * Errors are values with exit codes. Only the CLI entry (engine/cli/program.ts) turns one into a process exit;
 * everything below it throws or returns these.
 */

/** The exit codes of every command (DESIGN.md). */
export const ExitCode = Object.freeze({
  ok: 0,
  usage: 2,
  contract: 10,
  drift: 11,
  missing: 12,
  internal: 13,
  refused: 15,
});

/** An error that carries the exit code the command ends with. */
export class MajordomusError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    /** Lines printed under the message, one each (a listing); the message itself is one line. */
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad arguments, or input the command cannot use (exit 2). */
export class UsageError extends MajordomusError {
  constructor(message: string) {
    super(message, ExitCode.usage);
  }
}

/** A rule of the contract failed (exit 10). */
export class ContractError extends MajordomusError {
  constructor(message: string, details?: readonly string[]) {
    super(message, ExitCode.contract, details);
  }
}

/** Something required is missing: no layer, no active task (exit 12). */
export class MissingError extends MajordomusError {
  constructor(message: string) {
    super(message, ExitCode.missing);
  }
}

/** The action would break a promise: a second adoption, a hook it did not write (exit 15). */
export class RefusedError extends MajordomusError {
  constructor(message: string, details?: readonly string[]) {
    super(message, ExitCode.refused, details);
  }
}
