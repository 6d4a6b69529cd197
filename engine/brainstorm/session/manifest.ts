/**
 * The reader of `ops/manifest.md`, the harvest manifest: the `# Harvest manifest — {topic}` title, `Round`
 * and `Status`, the table of rows (`#`, `What`, `Source`, `Destination`, `Action`) and the
 * `## Uselessness test` section with its fields.
 */
import { type Drift, DriftList, dashHint, fieldLine, heading, isListItem, key, type Line, type Located, prose, shown } from './lines';

export const MANIFEST_STATUSES = ['proposed', 'approved', 'applied'] as const;
export const MANIFEST_COLUMNS = ['#', 'What', 'Source', 'Destination', 'Action'] as const;
export const USELESSNESS_FIELDS = ['Result', 'Cold-reader allowed paths', 'Gaps'] as const;
export type UselessnessField = (typeof USELESSNESS_FIELDS)[number];

/** `| # | What | Source | Destination | Action |` */
export interface ManifestRow {
  readonly number: string;
  readonly what: string;
  readonly source: string;
  /** The destination cell, with code backticks around it removed. */
  readonly destination: string;
  readonly action: string;
  readonly line: number;
}

export interface Manifest {
  readonly present: boolean;
  /** `# Harvest manifest — {topic}`: the topic. */
  readonly title?: Located;
  readonly round?: Located;
  readonly status?: Located;
  /** The table's header row. */
  readonly table?: { readonly line: number };
  readonly rows: readonly ManifestRow[];
  /** The `## Uselessness test` section and its fields. */
  readonly uselessness?: { readonly line: number; readonly fields: Readonly<Partial<Record<UselessnessField, Located>>> };
  /** Drift of the title, Round, Status and the table. */
  readonly drift: readonly Drift[];
  /** Drift of the uselessness test. */
  readonly uselessnessDrift: readonly Drift[];
}

const USELESSNESS_FIELD_BY_KEY: ReadonlyMap<string, UselessnessField> = new Map(USELESSNESS_FIELDS.map((name) => [key(name), name]));

export function readManifest(lines: Line[] | undefined, topic: string | undefined): Manifest {
  const drift = new DriftList('ops/manifest.md');
  const uselessnessDrift = new DriftList('ops/manifest.md');
  const rows: ManifestRow[] = [];
  if (!lines) return { present: false, rows, drift: [], uselessnessDrift: [] };
  let title: Located | undefined;
  let round: Located | undefined;
  let status: Located | undefined;
  let table: { line: number } | undefined;
  let separator = false;
  let uselessness: { line: number; fields: Partial<Record<UselessnessField, Located>> } | undefined;
  let section: 'head' | 'uselessness' | 'other' = 'head';
  for (const { n, text } of prose(lines)) {
    if (text.trim() === '') continue;
    const head = heading(text);
    if (head) {
      if (key(head.title) === 'uselessness test') {
        if (uselessness) uselessnessDrift.add(n, `a second uselessness test (the first is at line ${uselessness.line})`);
        else {
          uselessness = { line: n, fields: {} };
          if (text !== '## Uselessness test')
            uselessnessDrift.add(n, `the heading reads ${shown(text)}; the contract has \`## Uselessness test\``);
        }
        section = 'uselessness';
      } else if (!title && section === 'head' && /^harvest manifest\b/i.test(head.title)) {
        const exact = /^# Harvest manifest — (\S.*)$/.exec(text);
        const loose = /^harvest manifest\b\s*(?:—|–|--?|:)?\s*(.*)$/i.exec(head.title);
        title = { value: (exact?.[1] ?? loose?.[1] ?? '').trim(), line: n };
        if (!exact)
          drift.add(
            n,
            `the title reads ${shown(text)}; the contract has \`# Harvest manifest — {topic}\`${loose && !/ — /.test(text) ? ` (${dashHint(text)})` : ''}`,
          );
        else if (topic !== undefined && exact[1] !== topic)
          drift.add(n, `the title names the topic ${shown(exact[1]!)}, but the folder is ${topic}-brainstorm`);
      } else {
        section = head.level <= 2 ? 'other' : section;
      }
      continue;
    }
    if (section === 'head') {
      if (/^\s*\|/.test(text)) {
        const cells = splitRow(text);
        if (!table) {
          table = { line: n };
          if (cells.join('|') !== MANIFEST_COLUMNS.join('|'))
            drift.add(n, `the table header reads ${shown(text)}; the contract has \`| ${MANIFEST_COLUMNS.join(' | ')} |\``);
        } else if (!separator && cells.every((cell) => /^:?-+:?$/.test(cell))) {
          separator = true;
        } else {
          readManifestRow(n, cells, rows, drift);
        }
        continue;
      }
      const field = fieldLine(text);
      if (field && (field.name === 'round' || field.name === 'status')) {
        const name = field.name === 'round' ? 'Round' : 'Status';
        const existing = name === 'Round' ? round : status;
        if (existing) {
          drift.add(n, `${name} appears a second time (first at line ${existing.line})`);
          continue;
        }
        const located = { value: field.value, line: n };
        if (name === 'Round') round = located;
        else status = located;
        if (text !== `${name}: ${field.value}`) drift.add(n, `the line reads ${shown(text)}; the contract has \`${name}: …\``);
        else if (name === 'Round' && !/^[1-9]\d*$/.test(field.value))
          drift.add(n, `Round is ${shown(field.value)}, not a round number 1, 2, …`);
        else if (name === 'Status' && !(MANIFEST_STATUSES as readonly string[]).includes(field.value)) {
          drift.add(n, `Status is ${shown(field.value)}; the contract has ${MANIFEST_STATUSES.join(' → ')}`);
        }
      }
      continue;
    }
    if (section === 'uselessness' && uselessness) readUselessnessField(n, text, uselessness.fields, uselessnessDrift);
  }
  if (table && !separator) drift.add(table.line, 'the table header has no separator row `|---|…|` under it');
  const seen = new Map<string, number>();
  for (const row of rows) {
    const first = seen.get(row.number);
    if (first !== undefined) drift.add(row.line, `row ${row.number} is numbered twice (first at line ${first})`);
    else seen.set(row.number, row.line);
  }
  return { present: true, title, round, status, table, rows, uselessness, drift: drift.items, uselessnessDrift: uselessnessDrift.items };
}

/** The cells of a table line, unescaped pipes splitting them. */
function splitRow(text: string): string[] {
  const inner = text
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function readManifestRow(n: number, cells: string[], rows: ManifestRow[], drift: DriftList): void {
  if (cells.length !== MANIFEST_COLUMNS.length) {
    drift.add(n, `the row has ${cells.length} cell(s); a manifest row has ${MANIFEST_COLUMNS.length}: ${MANIFEST_COLUMNS.join(', ')}`);
    return;
  }
  const [number, what, source, destination, action] = cells as [string, string, string, string, string];
  rows.push({ number, what, source, destination: destination.replace(/^`(.*)`$/, '$1').trim(), action, line: n });
  if (!/^[1-9]\d*$/.test(number)) drift.add(n, `the row's # is ${shown(number)}, not a row number`);
  const empty = MANIFEST_COLUMNS.filter((_, i) => i > 0 && cells[i] === '');
  if (empty.length) drift.add(n, `the row has no ${empty.join(', ')}`);
}

function readUselessnessField(n: number, text: string, fields: Partial<Record<UselessnessField, Located>>, drift: DriftList): void {
  const field = fieldLine(text);
  const name = field && USELESSNESS_FIELD_BY_KEY.get(field.name);
  if (!field || !name) {
    if (isListItem(text))
      drift.add(n, `${shown(text)} is not a field of the uselessness test (${USELESSNESS_FIELDS.join(', ')}, each \`- {Field}: {value}\`)`);
    return;
  }
  const first = fields[name];
  if (first) {
    drift.add(n, `${name} appears a second time (first at line ${first.line})`);
    return;
  }
  fields[name] = { value: field.value, line: n };
  if (field.value === '') drift.add(n, `${name} has no value`);
  else if (text !== `- ${name}: ${field.value}`) drift.add(n, `the line reads ${shown(text)}; the contract has \`- ${name}: …\``);
  else if (name === 'Result' && field.value !== 'pass' && field.value !== 'fail')
    drift.add(n, `Result is ${shown(field.value)}; the contract has pass or fail`);
}
