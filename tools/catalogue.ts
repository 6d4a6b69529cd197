/**
 * docs/RULES.md: the catalogue of the rule packages and validators this distribution ships, derived from
 * the rule files and the validator registry, and checked current with every other generated file.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Validator } from '../engine/api/validator';
import { GENERATED_MARKER } from '../engine/layer/allow';
import { readFrontMatterFile } from '../engine/layer/front-matter';
import { ruleAnchor } from '../engine/packs/rule-docs';

interface CatalogueRule {
  readonly id: string;
  readonly identity: string;
  readonly class: string;
  readonly gates: string;
  readonly validator: string;
  readonly statement: string;
}

/** The catalogue's Markdown, with its generated header. */
export function renderCatalogue(root: string, version: string, registry: Readonly<Record<string, Validator>>): string {
  const out: string[] = [
    `<!-- ${GENERATED_MARKER}`,
    '     Source: rules/*/rules/*.md and validators/*.ts; regenerate with `npm run generate`',
    `     Generator: majordomus ${version} -->`,
    '',
    '# Rules and validators',
    '',
    'What this distribution ships. `majordomus init` vendors the `majordomus` baseline and the `brainstorm`',
    'pack (whose gates judge a brainstorm session folder); the `examples` package proves the generic',
    'validators with `majordomus rules test`. See',
    '[RULE-FORMAT.md](RULE-FORMAT.md) for the format and [VALIDATORS.md](VALIDATORS.md) for each validator.',
    '',
  ];
  for (const pack of packs(root)) {
    out.push(`## Package \`${pack}\``, '', '| rule | class | gates | validator | statement |', '|---|---|---|---|---|');
    for (const rule of packRules(root, pack)) {
      // each row its own anchor, which findings and SARIF logs link to (engine/packs/rule-docs.ts)
      out.push(
        `| <a id="${ruleAnchor(rule.id)}"></a>\`${rule.identity}\` | ${rule.class} | ${rule.gates} | ${rule.validator} | ${cell(rule.statement)} |`,
      );
    }
    out.push('');
  }
  out.push('## Validators', '', '| validator | gates | kind | options | description |', '|---|---|---|---|---|');
  for (const name of Object.keys(registry).sort()) {
    const validator = registry[name]!;
    out.push(
      `| \`${name}\` | ${validator.gates.join(', ')} | ${validator.generic ? 'generic' : 'built-in'} | ${options(validator)} | ${cell(validator.description)} |`,
    );
  }
  out.push('');
  return out.join('\n');
}

function packs(root: string): string[] {
  const dir = join(root, 'rules');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((pack) => existsSync(join(dir, pack, 'rules')) && statSync(join(dir, pack, 'rules')).isDirectory())
    .sort();
}

function packRules(root: string, pack: string): CatalogueRule[] {
  const dir = join(root, 'rules', pack, 'rules');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((name) => {
      const front = readFrontMatterFile(join(dir, name), `rules/${pack}/rules/${name}`).data.value as Record<string, unknown>;
      const x = front['x-majordomus'] as { validator?: string; enforced_by?: string[] } | undefined;
      return {
        id: String(front.id),
        identity: `${String(front.id)}@${String(front.version)}`,
        class: String(front.class),
        gates: x?.enforced_by?.join(', ') ?? 'not machine-enforced',
        validator: x?.validator ? `\`${x.validator}\`` : '—',
        statement: String(front.statement),
      };
    })
    .sort((a, b) => (a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0));
}

/** The options a validator takes: `name` (type), required ones marked with *. */
function options(validator: Validator): string {
  const schema = validator.optionsSchema as
    | { properties?: Record<string, { type?: unknown; enum?: unknown[] }>; required?: string[] }
    | undefined;
  if (!schema?.properties) return 'none';
  return Object.entries(schema.properties)
    .map(([key, spec]) => {
      const type = spec.enum
        ? spec.enum.map((v) => JSON.stringify(v)).join(' \\| ')
        : Array.isArray(spec.type)
          ? spec.type.join(' \\| ')
          : String(spec.type ?? 'any');
      return `\`${key}\`${schema.required?.includes(key) ? '*' : ''} (${type})`;
    })
    .join(', ');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
