/**
 * SARIF logs held to two standards: the OASIS SARIF 2.1.0 JSON Schema (draft-04, validated by ajv's
 * draft-04 build, with the `uri`, `uri-reference` and `date-time` formats it names checked, not
 * ignored), and what GitHub code scanning accepts on upload — repository-relative URIs under
 * `%SRCROOT%`, non-empty descriptions and help on every rule, a fingerprint on every result, and its
 * limits. Each returns the problems it found, so a test shows them all at once.
 */
import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import Ajv from 'ajv-draft-04';
import { SARIF_SCHEMA } from './upstream';

let compiled: ValidateFunction | undefined;

/** RFC 3986: a URI reference holds only unreserved, reserved and percent-encoded characters. */
const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

function schemaValidator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
    ajv.addFormat('uri-reference', (value: string) => URI_REFERENCE.test(value));
    ajv.addFormat('uri', (value: string) => URI_REFERENCE.test(value) && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && URL.canParse(value));
    ajv.addFormat('date-time', (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value));
    compiled = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')) as object);
  }
  return compiled;
}

/** Where `log` breaks the SARIF 2.1.0 schema, one line a problem; empty when it is valid. */
export function schemaProblems(log: unknown): string[] {
  const validate = schemaValidator();
  if (validate(log)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}

interface Rule {
  id?: string;
  shortDescription?: { text?: string };
  fullDescription?: { text?: string };
  help?: { text?: string };
  properties?: { tags?: unknown[] };
}
interface Location {
  physicalLocation?: { artifactLocation?: { uri?: string; uriBaseId?: string }; region?: { startLine?: number } };
  logicalLocations?: unknown[];
}
interface Result {
  ruleId?: string;
  ruleIndex?: number;
  level?: string;
  message?: { text?: string };
  locations?: Location[];
  partialFingerprints?: { primaryLocationLineHash?: string };
}
interface Run {
  tool?: { driver?: { rules?: Rule[] } };
  results?: Result[];
}

/** Where `log` would not be what code scanning accepts; empty when it is. */
export function codeScanningProblems(log: { version?: string; runs?: Run[] }): string[] {
  const problems: string[] = [];
  if (log.version !== '2.1.0') problems.push(`version is ${log.version}, not 2.1.0`);
  const runs = log.runs ?? [];
  if (runs.length > 20) problems.push(`${runs.length} runs (at most 20)`);
  for (const [r, run] of runs.entries()) {
    const rules = run.tool?.driver?.rules ?? [];
    const results = run.results ?? [];
    if (rules.length > 25_000) problems.push(`run ${r}: ${rules.length} rules (at most 25,000)`);
    if (results.length > 25_000) problems.push(`run ${r}: ${results.length} results (at most 25,000)`);
    const ids = new Set<string>();
    for (const rule of rules) {
      const id = rule.id ?? '?';
      if (ids.has(id)) problems.push(`rule ${id}: its id is not unique`);
      ids.add(id);
      if (!rule.shortDescription?.text?.trim()) problems.push(`rule ${id}: empty shortDescription`);
      if (!rule.fullDescription?.text?.trim()) problems.push(`rule ${id}: empty fullDescription`);
      else if ([...rule.fullDescription.text].length > 1024) problems.push(`rule ${id}: fullDescription longer than 1,024 characters`);
      if (!rule.help?.text?.trim()) problems.push(`rule ${id}: empty help.text`);
      if ((rule.properties?.tags?.length ?? 0) > 20) problems.push(`rule ${id}: more than 20 tags`);
    }
    for (const [i, result] of results.entries()) {
      const at = `run ${r} result ${i}`;
      if (result.ruleId === undefined) problems.push(`${at}: no ruleId`);
      else if (!ids.has(result.ruleId)) problems.push(`${at}: ruleId ${result.ruleId} is no rule of the run`);
      if (result.ruleIndex !== undefined && rules[result.ruleIndex]?.id !== result.ruleId)
        problems.push(`${at}: ruleIndex ${result.ruleIndex} names another rule`);
      if (!['error', 'warning', 'note'].includes(result.level ?? '')) problems.push(`${at}: level ${result.level}`);
      if (!result.message?.text?.trim()) problems.push(`${at}: empty message`);
      if (!result.partialFingerprints?.primaryLocationLineHash) problems.push(`${at}: no primaryLocationLineHash`);
      const locations = result.locations ?? [];
      if (locations.length === 0 || locations.length > 1000) problems.push(`${at}: ${locations.length} locations (1 to 1,000)`);
      for (const location of locations) {
        const artifact = location.physicalLocation?.artifactLocation;
        if (!artifact) {
          if (!location.logicalLocations?.length) problems.push(`${at}: a location with neither a file nor a logical location`);
          continue;
        }
        const uri = artifact.uri ?? '';
        if (artifact.uriBaseId !== '%SRCROOT%') problems.push(`${at}: uriBaseId ${artifact.uriBaseId}, not %SRCROOT%`);
        if (uri === '' || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri) || uri.startsWith('/') || uri.split('/').includes('..'))
          problems.push(`${at}: uri ${uri} is not repository-relative`);
        if (!URI_REFERENCE.test(uri)) problems.push(`${at}: uri ${uri} is not a valid URI reference`);
      }
    }
  }
  return problems;
}
