/**
 * Read a YAML document of the layer for a validator: a refusal to parse and every way it breaks its
 * kind's schema are reported as violations, each with the file and line.
 */
import type { KindName } from './generated/kinds';
import type { Policy } from './generated/types';
import { DocumentError } from './layer/document-error';
import { checkSchema } from './layer/schema-check';
import type { YamlDocument } from './layer/yaml';
import type { ValidatorContext } from './validator';

/** The parsed document, or undefined when it did not parse (the refusal is reported as a violation). */
export function readDocument(context: ValidatorContext, file: string): YamlDocument | undefined {
  try {
    return context.repository.yaml(file);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    context.violation({ subject: file, file, line: error.line, message: `${error.reason} (${error.fix})` });
    return undefined;
  }
}

/** The parsed document checked against its kind's schema; undefined when it did not parse. */
export function readCheckedDocument(context: ValidatorContext, file: string, kind: KindName): YamlDocument | undefined {
  const doc = readDocument(context, file);
  if (!doc) return undefined;
  for (const problem of checkSchema(kind, doc)) {
    context.violation({ subject: file, file, line: problem.line, message: problem.message });
  }
  return doc;
}

/** Where the layout keeps its policy. */
export function policyFile(context: ValidatorContext): string {
  const { layout } = context;
  return layout.section('policy') ?? `${layout.repoDir}/policy.yaml`;
}

/**
 * The policy for a validator that reads it but does not judge its shape: when it does not parse, the
 * rule is skipped with a note (the policy rule reports why) and undefined is returned.
 */
export function readPolicyOrSkip(context: ValidatorContext): { file: string; policy: Policy; lines: ReadonlyMap<string, number> } | undefined {
  const file = policyFile(context);
  try {
    const doc = context.repository.yaml(file);
    return { file, policy: doc.value as Policy, lines: doc.lines };
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    context.skip({ subject: file, message: 'the policy does not parse (the policy rule names why)' });
    return undefined;
  }
}
