/**
 * The capability registry as data, in process: each capability well formed (its name, its schemas, the
 * command that prints its answer); no writer ever announced read-only — the hints follow the declared
 * effect, and the effect of a writer is its command's — proved also on a registry that breaks it; and
 * the schema snapshot of every tool (test/mcp/toolsnaps/), with the size of `tools/list` per toolset
 * written in docs/MCP.md. A tool's schema changed on purpose is refreshed with
 * `MAJORDOMUS_UPDATE_TOOLSNAPS=1 npx vitest run test/mcp/registry.test.ts` (npm run toolsnaps).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import type { AnyCapability } from '../../engine/capabilities/define';
import { DEFAULT_TOOLSETS, TOOLSETS } from '../../engine/capabilities/define';
import { CAPABILITIES } from '../../engine/capabilities/index';
import type { CommandDeclaration } from '../../engine/commands/define';
import { COMMANDS } from '../../engine/commands/index';
import { estimateTokens } from '../../engine/mcp/host';
import { hintsOf, servedCapabilities, toolOf } from '../../engine/mcp/tools';
import { ROOT } from '../helpers/repo';

const SNAPS = join(ROOT, 'test/mcp/toolsnaps');
const DOC = join(ROOT, 'docs/MCP.md');
const UPDATE = process.env.MAJORDOMUS_UPDATE_TOOLSNAPS === '1';

/**
 * The readers whose command also writes with other options: each reads only through the path named.
 * Any other reader of a writing command is a writer announced as a reader until it is listed here.
 */
const READS_OF_WRITING_COMMANDS: Readonly<Record<string, string>> = {
  history: 'history without --validate, --rotate or --repair (engine/capabilities/history.ts)',
  finish_check: 'finish --check, which records nothing (engine/capabilities/gates.ts)',
  doctor: 'doctor without --fix, which the tool never passes (engine/capabilities/gates.ts)',
};

/**
 * What would let a tool be announced as something it is not: a writer whose hints say read-only, a
 * writer of the state toolset whose effect is not its command's, a reader in the state toolset, a
 * read-only command projected as a writer or the other way round.
 */
function announcementProblems(capabilities: readonly AnyCapability[], commands: readonly CommandDeclaration[]): string[] {
  const problems: string[] = [];
  for (const capability of capabilities) {
    const tool = toolOf(capability);
    const command = commands.find((candidate) => candidate.name === capability.command);
    if (!command) {
      problems.push(`${capability.name}: no command ${capability.command}`);
      continue;
    }
    if (capability.effect !== 'reads' && tool.annotations.readOnlyHint)
      problems.push(`${capability.name} writes but is announced read-only`);
    if (capability.effect === 'reads' && !tool.annotations.readOnlyHint)
      problems.push(`${capability.name} reads but is announced as a writer`);
    if (command.effect === 'reads' && capability.effect !== 'reads')
      problems.push(`${capability.name} writes, but ${command.name} only reads`);
    if (capability.effect === 'reads' && command.effect !== 'reads' && READS_OF_WRITING_COMMANDS[capability.name] === undefined)
      problems.push(`${capability.name} is declared a reader, but ${command.name} ${command.effect}`);
    if ((capability.toolset === 'state') !== (capability.effect !== 'reads'))
      problems.push(`${capability.name} is in the ${capability.toolset} toolset with effect ${capability.effect}`);
    if (capability.effect !== 'reads' && capability.effect !== command.effect)
      problems.push(`${capability.name} declares ${capability.effect}, its command ${command.name} ${command.effect}`);
  }
  return problems;
}

describe('the capability registry', () => {
  it('declares each capability once, named as a tool is, with object schemas that compile strictly', () => {
    const names = CAPABILITIES.map((capability) => capability.name);
    expect(new Set(names).size).toBe(names.length);
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    for (const capability of CAPABILITIES) {
      expect(capability.name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
      expect(capability.description.length, capability.name).toBeGreaterThan(40);
      for (const schema of [toolOf(capability).inputSchema, capability.output]) {
        expect(schema.type, capability.name).toBe('object');
        expect(() => ajv.compile(schema as object), capability.name).not.toThrow();
      }
      expect(capability.input.additionalProperties, `${capability.name} takes no argument it does not name`).toBe(false);
    }
  });

  it('names for each capability a command that prints its answer with --json', () => {
    for (const capability of CAPABILITIES) {
      const command = COMMANDS.find((candidate) => candidate.name === capability.command);
      expect(command, capability.name).toBeDefined();
      expect(command?.output, `${capability.command} --json`).toBeDefined();
    }
  });

  it('announces no writer read-only: the hints are the declared effect, and a writer declares its command’s effect', () => {
    expect(announcementProblems(CAPABILITIES, COMMANDS)).toEqual([]);
    expect(hintsOf('reads').readOnlyHint).toBe(true);
    expect(hintsOf('writes-local').readOnlyHint).toBe(false);
    expect(hintsOf('writes-repository')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(CAPABILITIES.filter((capability) => capability.effect !== 'reads').length).toBeGreaterThan(0);
  });

  it('catches a writer declared as a reader, in any toolset', () => {
    const writer = CAPABILITIES.find((capability) => capability.name === 'decision_add')!;
    const asReader = CAPABILITIES.map((capability) => (capability === writer ? { ...writer, effect: 'reads' as const } : capability));
    expect(announcementProblems(asReader, COMMANDS)).toEqual(
      expect.arrayContaining([expect.stringContaining('decision_add is in the state toolset with effect reads')]),
    );
    const moved = CAPABILITIES.map((capability) =>
      capability === writer ? { ...writer, effect: 'reads' as const, toolset: 'read' as const } : capability,
    );
    expect(announcementProblems(moved, COMMANDS)).toEqual(['decision_add is declared a reader, but decision add writes-local']);
    // …which the command's own effect then catches, once the command reads only
    const commands = COMMANDS.map((command) => (command.name === 'decision add' ? { ...command, effect: 'reads' as const } : command));
    const wrongEffect = CAPABILITIES.map((capability) =>
      capability === writer ? { ...writer, effect: 'writes-repository' as const } : capability,
    );
    expect(announcementProblems(wrongEffect, commands)).toEqual(
      expect.arrayContaining([expect.stringContaining('decision add only reads')]),
    );
    expect(announcementProblems(wrongEffect, COMMANDS)).toEqual(
      expect.arrayContaining([expect.stringContaining('its command decision add writes-local')]),
    );
  });

  it('serves the read-only toolsets by default, and no writer under --read-only', () => {
    expect(servedCapabilities({ toolsets: DEFAULT_TOOLSETS, readOnly: false }).every((c) => c.effect === 'reads')).toBe(true);
    expect(servedCapabilities({ toolsets: TOOLSETS, readOnly: true }).every((c) => c.effect === 'reads')).toBe(true);
    expect(servedCapabilities({ toolsets: TOOLSETS, readOnly: false }).length).toBe(CAPABILITIES.length);
  });
});

/** The size of a `tools/list` result for a set of toolsets: bytes of its JSON, and the estimated tokens. */
function listSize(toolsets: readonly (typeof TOOLSETS)[number][]): { tools: number; bytes: number; tokens: number } {
  const tools = servedCapabilities({ toolsets, readOnly: false }).map(toolOf);
  const text = JSON.stringify({ tools });
  return { tools: tools.length, bytes: Buffer.byteLength(text, 'utf8'), tokens: estimateTokens(text) };
}

/** The table docs/MCP.md holds between its markers. */
function sizeTable(): string {
  const rows: [string, readonly (typeof TOOLSETS)[number][]][] = [
    [`default (${DEFAULT_TOOLSETS.join(',')})`, DEFAULT_TOOLSETS],
    ['read', ['read']],
    ['gates', ['gates']],
    ['state', ['state']],
    ['all (read,gates,state)', TOOLSETS],
  ];
  return [
    '| toolsets | tools | bytes | estimated tokens |',
    '|---|---:|---:|---:|',
    ...rows.map(([label, toolsets]) => {
      const size = listSize(toolsets);
      return `| ${label} | ${size.tools} | ${size.bytes} | ${size.tokens} |`;
    }),
  ].join('\n');
}

const BEGIN = '<!-- tools/list size: written by npm run toolsnaps -->';
const END = '<!-- end of tools/list size -->';

describe('the MCP SDK', () => {
  it('is imported by engine/mcp/server.ts alone, the entry of its own bundle', () => {
    const importers = ['engine', 'validators', 'tools']
      .flatMap((dir) =>
        readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
          .filter((file) => /\.(ts|mjs|js)$/.test(file))
          .map((file) => `${dir}/${file}`),
      )
      .filter((file) =>
        /from '@modelcontextprotocol\/sdk|import\('@modelcontextprotocol\/sdk|require\('@modelcontextprotocol\/sdk/.test(
          readFileSync(join(ROOT, file), 'utf8'),
        ),
      );
    expect(importers).toEqual(['engine/mcp/server.ts']);
  });
});

describe('tool schema snapshots', () => {
  const tools = CAPABILITIES.map(toolOf);

  if (UPDATE) {
    it('are written, with the size table of docs/MCP.md', () => {
      rmSync(SNAPS, { recursive: true, force: true });
      mkdirSync(SNAPS, { recursive: true });
      for (const tool of tools) writeFileSync(join(SNAPS, `${tool.name}.json`), `${JSON.stringify(tool, null, 2)}\n`);
      const doc = readFileSync(DOC, 'utf8');
      const from = doc.indexOf(BEGIN);
      const to = doc.indexOf(END);
      expect(from, `docs/MCP.md holds ${BEGIN}`).toBeGreaterThan(-1);
      writeFileSync(DOC, `${doc.slice(0, from + BEGIN.length)}\n${sizeTable()}\n${doc.slice(to)}`);
    });
    return;
  }

  it.each(tools.map((tool) => [tool.name, tool] as const))(
    '%s is as its snapshot says (refresh on purpose: npm run toolsnaps)',
    (name, tool) => {
      const file = join(SNAPS, `${name}.json`);
      expect(existsSync(file), `test/mcp/toolsnaps/${name}.json`).toBe(true);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(tool)));
    },
  );

  it('has a snapshot for no tool that is gone', () => {
    expect(readdirSync(SNAPS).sort()).toEqual(tools.map((tool) => `${tool.name}.json`).sort());
  });

  it('docs/MCP.md gives the size of tools/list for each toolset as it is', () => {
    const doc = readFileSync(DOC, 'utf8');
    const table = doc.slice(doc.indexOf(BEGIN) + BEGIN.length, doc.indexOf(END)).trim();
    expect(table).toBe(sizeTable());
  });
});
