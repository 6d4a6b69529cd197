/**
 * `majordomus mcp` driven as a client drives it: the built CLI started as a child process, the SDK's own
 * `Client` over `StdioClientTransport`, in a real adopted repository with a task, a decision, questions
 * and a checkpoint. initialize and its derived instructions; tools/list per toolset with the hints
 * each declared effect implies; resources listed a page at a time and read; each read tool's
 * `structuredContent` against the command's `--json` for the same question, both against the tool's
 * output schema; the readers leaving every file as it was.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOOLSETS } from '../../engine/capabilities/define';
import { CAPABILITIES } from '../../engine/capabilities/index';
import { hintsOf, toolOf } from '../../engine/mcp/tools';
import type { Served } from '../helpers/mcp';
import { call, expectedJson, expectFits, serve } from '../helpers/mcp';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { committedWithTask } from '../helpers/task';

const repos = repoFactory();
let source: TempRepo;
let repo: TempRepo;
let served: Served;
let taskId: string;

/** Every file under a folder with its size and modification time, to see that nothing was written. */
function fingerprint(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => !name.startsWith('.git/') && name !== '.git')
    .sort()
    .map((name) => {
      const stat = statSync(join(dir, name));
      return `${name} ${stat.isFile() ? `${stat.size} ${stat.mtimeMs}` : 'dir'}`;
    });
}

beforeAll(async () => {
  source = committedWithTask(repos);
  taskId = /^id: "?([^"\n]+)"?$/m.exec(source.read('.ai/local/state/current.yaml'))![1]!;
  for (const args of [
    ['decision', 'add', 'keep the parser strict', '--why', 'a lenient parser hides mistakes', '--rejected', 'a lenient parser'],
    ['question', 'add', 'must the parser accept tabs?'],
  ])
    expect(source.run(args).code).toBe(0);
  expect(source.run(['checkpoint'], { input: '# Objective\nthe strict parser\n\n# Next Action\nthe tests\n' }).code).toBe(0);
  // enough questions that the layer's objects fill more than one page of resources
  const store = '.ai/local/state/open-questions.md';
  const extra = Array.from({ length: 45 }, (_, i) => `- [unresolved] ${taskId} — is case ${i + 1} of the parser covered? (2026-01-02)`);
  source.write(store, `${source.read(store)}${extra.join('\n')}\n`);
  repo = copyOf(repos, source);
  served = await serve(repo.dir);
}, 120_000);

afterAll(async () => {
  await served?.close();
  repos.disposeAll();
});

const capability = (name: string) => CAPABILITIES.find((candidate) => candidate.name === name)!;

describe('initialize', () => {
  it('names the server, and its instructions say where the rules are and that no writer is served', () => {
    expect(served.client.getServerVersion()?.name).toBe('majordomus');
    const instructions = served.client.getInstructions() ?? '';
    expect(instructions).toContain('.ai/repo/rules');
    expect(instructions).toContain('.ai/repo/policy.yaml');
    expect(instructions).toMatch(/No writing tool is served/);
    expect(served.client.getServerCapabilities()?.tools).toBeDefined();
    expect(served.client.getServerCapabilities()?.resources).toBeDefined();
  });

  it('with every toolset, names every writer the registry declares, and nothing else as one', async () => {
    const all = await serve(repo.dir, ['--toolsets', 'all']);
    try {
      const instructions = all.client.getInstructions() ?? '';
      const line = instructions.split('\n').find((text) => text.startsWith('Writing tools: '))!;
      const named = line.slice('Writing tools: '.length, line.indexOf('.')).split(', ');
      expect(named).toEqual(CAPABILITIES.filter((c) => c.effect !== 'reads').map((c) => c.name));
      expect(named.length).toBeGreaterThan(0);
    } finally {
      await all.close();
    }
  });
});

describe('tools/list', () => {
  it('serves the read-only toolsets by default, each tool read-only, as the registry declares it', async () => {
    const { tools } = await served.client.listTools();
    const expected = CAPABILITIES.filter((c) => DEFAULT_TOOLSETS.includes(c.toolset));
    expect(tools.map((tool) => tool.name)).toEqual(expected.map((c) => c.name));
    expect(tools).toEqual(JSON.parse(JSON.stringify(expected.map(toolOf))));
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.outputSchema, tool.name).toBeDefined();
    }
  });

  it('with --toolsets all, announces every tool with the hints its declared effect implies: no writer read-only', async () => {
    const all = await serve(repo.dir, ['--toolsets', 'read,gates,state']);
    try {
      const { tools } = await all.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(CAPABILITIES.map((c) => c.name));
      for (const tool of tools) {
        const declared = capability(tool.name);
        const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations ?? {};
        expect({ readOnlyHint, destructiveHint, idempotentHint, openWorldHint }, tool.name).toEqual(hintsOf(declared.effect));
        if (declared.effect !== 'reads') expect(tool.annotations?.readOnlyHint, `${tool.name} writes`).toBe(false);
      }
      expect(tools.filter((tool) => tool.annotations?.readOnlyHint === false).length).toBe(7);
    } finally {
      await all.close();
    }
  });

  it('--read-only serves no writer even when the state toolset is asked for', async () => {
    const readOnly = await serve(repo.dir, ['--toolsets', 'all', '--read-only']);
    try {
      const { tools } = await readOnly.client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      expect(readOnly.client.getInstructions()).toMatch(/No writing tool is served \(--read-only\)/);
    } finally {
      await readOnly.close();
    }
  });
});

describe('resources', () => {
  it('lists every object a page at a time, the pages together exactly objects list', async () => {
    const uris: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await served.client.listResources(cursor === undefined ? {} : { cursor });
      uris.push(...page.resources.map((resource) => resource.uri));
      for (const resource of page.resources) expect(resource.name).toBe(resource.uri.slice('majordomus://'.length));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBeGreaterThan(1);
    const cli = repo.run(['objects', 'list', '--limit', '1000', '--json']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(uris).toEqual((JSON.parse(cli.stdout) as { items: { uri: string }[] }).items.map((item) => item.uri));
    expect(new Set(uris).size).toBe(uris.length);
    expect(uris).toContain('majordomus://task/current');
    expect(uris).toContain('majordomus://rule/majordomus.scope-integrity@1');
    expect(uris).toContain('majordomus://decision/1');
  });

  it('reads an object as its file text, then its front matter parsed', async () => {
    const { contents } = await served.client.readResource({ uri: 'majordomus://task/current' });
    expect(contents[0]).toMatchObject({ uri: 'majordomus://task/current', mimeType: 'application/yaml' });
    expect((contents[0] as { text: string }).text).toBe(repo.read('.ai/local/state/current.yaml'));
    const meta = JSON.parse((contents[1] as { text: string }).text) as { front_matter: { id: string }; path: string };
    expect(contents[1]!.mimeType).toBe('application/json');
    expect(meta.front_matter.id).toBe(taskId);
    expect(meta.path).toBe('.ai/local/state/current.yaml');
    const rule = await served.client.readResource({ uri: 'majordomus://rule/majordomus.scope-integrity@1' });
    const file = JSON.parse((rule.contents[1] as { text: string }).text).path as string;
    expect((rule.contents[0] as { text: string }).text).toBe(repo.read(file));
    expect(JSON.parse((rule.contents[1] as { text: string }).text).front_matter).toMatchObject({
      id: 'majordomus.scope-integrity',
      version: 1,
    });
  });

  it('answers a URI the layer does not hold, or that is not one of its URIs, with an error, never a file', async () => {
    for (const uri of [
      'majordomus://knowledge/../../../../etc/passwd',
      'majordomus://rule/majordomus.no-such-rule@1',
      'majordomus://session/x',
    ]) {
      const error = await served.client.readResource({ uri }).then(
        () => undefined,
        (thrown: { code?: number; message: string }) => thrown,
      );
      expect(error?.code, uri).toBe(-32002);
      expect(error?.message).not.toMatch(/root:/);
    }
    for (const uri of ['file:///etc/passwd', 'majordomus://nothing/x', 'majordomus://rule/%E0%A4%A']) {
      const error = await served.client.readResource({ uri }).then(
        () => undefined,
        (thrown: { code?: number }) => thrown,
      );
      expect(error?.code, uri).toBe(-32602);
    }
  });
});

/** Each read tool beside the command that answers the same question. */
const SAME_QUESTION: readonly { tool: string; args: Record<string, unknown>; argv: string[] }[] = [
  { tool: 'list_objects', args: {}, argv: ['objects', 'list', '--json'] },
  {
    tool: 'list_objects',
    args: { kind: 'question', limit: 7, offset: 3 },
    argv: ['objects', 'list', '--kind', 'question', '--limit', '7', '--offset', '3', '--json'],
  },
  { tool: 'get_object', args: { uri: 'majordomus://decision/1' }, argv: ['objects', 'show', 'majordomus://decision/1', '--json'] },
  { tool: 'get_object', args: { uri: 'majordomus://task/current' }, argv: ['objects', 'show', 'majordomus://task/current', '--json'] },
  { tool: 'search', args: { text: 'PARSER', limit: 5 }, argv: ['search', 'PARSER', '--limit', '5', '--json'] },
  { tool: 'search', args: { text: 'strict', kind: 'decision' }, argv: ['search', 'strict', '--kind', 'decision', '--json'] },
  { tool: 'context', args: {}, argv: ['context', '--json'] },
  { tool: 'history', args: {}, argv: ['history', '--json'] },
  {
    tool: 'history',
    args: { event: 'question.opened', limit: 1 },
    argv: ['history', '--event', 'question.opened', '--limit', '1', '--json'],
  },
  { tool: 'doctor', args: { quiet: false }, argv: ['doctor', '--json'] },
  { tool: 'doctor', args: {}, argv: ['doctor', '--json', '--quiet'] },
  { tool: 'check', args: {}, argv: ['check', '--json', '--quiet'] },
  { tool: 'watch', args: { quiet: false }, argv: ['watch', '--json'] },
  { tool: 'finish_check', args: {}, argv: ['finish', '--check', '--json', '--quiet'] },
];

describe('each read tool answers what its command prints with --json', () => {
  it('covers every read tool of the registry', () => {
    const readers = CAPABILITIES.filter((c) => c.effect === 'reads').map((c) => c.name);
    expect([...new Set(SAME_QUESTION.map((entry) => entry.tool))].sort()).toEqual([...readers].sort());
  });

  it.each(SAME_QUESTION)('$tool $args is `majordomus $argv`', async ({ tool, args, argv }) => {
    await served.client.listTools();
    const result = await call(served, tool, { ...args, budget: 1_000_000 });
    expect(result.isError ?? false, JSON.stringify(result.content).slice(0, 400)).toBe(false);
    const answer = result.structuredContent as Record<string, unknown>;
    const declared = capability(tool);
    expectFits(declared.output, answer, `${tool} structuredContent`);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(answer);
    const cli = repo.run(argv);
    const exit = typeof answer.exit_code === 'number' ? answer.exit_code : 0;
    expect(cli.code, cli.stderr).toBe(exit);
    // the one thing two runs may tell apart is the clock: a freshness rule says how long ago, in seconds
    const clock = (text: string) => text.replace(/\b\d+(s|m|h|d) ago\b/g, 'N ago');
    expect(clock(cli.stdout)).toBe(clock(expectedJson(declared, answer)));
    // and what the command printed fits the same schema, line by line where it prints a list
    if (declared.json.form === 'object') expectFits(declared.output, JSON.parse(cli.stdout), `${argv.join(' ')} --json`);
    else {
      const key = declared.json.key;
      const itemSchema = (declared.output.properties as Record<string, { items: object }>)[key]!.items;
      for (const line of cli.stdout.split('\n').filter(Boolean)) expectFits(itemSchema, JSON.parse(line), `${argv.join(' ')} line`);
    }
  });

  it('left every file of the repository as it was', async () => {
    const before = fingerprint(repo.dir);
    const ledger = repo.read('.ai/local/state/ledger.jsonl');
    await served.client.listTools();
    for (const { tool, args } of SAME_QUESTION) await call(served, tool, { ...args, budget: 1_000_000 });
    await served.client.listResources({});
    await served.client.readResource({ uri: 'majordomus://checkpoint/x' }).catch(() => undefined);
    expect(fingerprint(repo.dir)).toEqual(before);
    expect(readFileSync(repo.path('.ai/local/state/ledger.jsonl'), 'utf8')).toBe(ledger);
  });
});
