/** Refusals of the YAML and front-matter readers, asserted the one way every layer test needs. */
import { expect } from 'vitest';
import { DocumentError } from '../../engine/io/document-error';

/** What a refusal must carry beyond its exit code. */
export interface RefusalExpectation {
  /** The assertion message when the call returns instead of refusing. */
  readonly accepted?: string;
  /** Fields of the error that must not be empty, asserted in this order. */
  readonly explains?: readonly ('reason' | 'fix')[];
}

/**
 * Run `fn`, require a DocumentError with exit code 2 (never another exception, never a return) that
 * explains itself as asked, and hand it back.
 */
export function expectRefusal(
  fn: () => unknown,
  { accepted = 'expected a refusal, the document was accepted', explains = [] }: RefusalExpectation = {},
): DocumentError {
  let caught: unknown;
  let returned = false;
  try {
    fn();
    returned = true;
  } catch (error) {
    caught = error;
  }
  expect(returned, accepted).toBe(false);
  expect(caught).toBeInstanceOf(DocumentError);
  const error = caught as DocumentError;
  expect(error.exitCode).toBe(2);
  for (const field of explains) expect(error[field].length).toBeGreaterThan(0);
  return error;
}
