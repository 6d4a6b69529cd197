/**
 * The provider seam (engine/capture/providers/index.ts, adapter.ts): every provider on the registry loads
 * an adapter of its own name with every member the capture commands and the wiring rule use; a name with
 * no adapter is refused (2) naming the known ones, in a message built from the registry, so a second
 * provider appears there with no other edit; a registry of its own takes a test-only adapter without
 * touching the engine's; and the neutral session code acts with whatever adapter it is handed (its name
 * on the episode, its cap on the context), proved in process with that test-only adapter.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ProviderAdapter } from '../../engine/capture/providers/adapter';
import { DEFAULT_PROVIDER, isProvider, loadProvider, providerNames, providerRegistry } from '../../engine/capture/providers/index';
import type { ProbeEvent } from '../../engine/capture/providers/types';
import { capture } from '../../engine/capture/session';
import { UsageError } from '../../engine/errors';
import { committedAdoption } from '../helpers/prepared';
import { cleanEnv, repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());
const adopted = committedAdoption(repos);

const PROBE_EVENTS: readonly ProbeEvent[] = ['start', 'compact', 'end', 'prompt', 'guard'];

/** A provider of the tests' own, built on Claude Code's adapter with another name, variable and cap. */
async function acme(contextCap: number): Promise<ProviderAdapter> {
  const base = await loadProvider('claude-code', 'test');
  return { ...base, name: 'acme', displayName: 'Acme', projectDirVariable: 'ACME_PROJECT_DIR', contextCap, mcp: undefined };
}

/** The refusal `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<UsageError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UsageError);
  return error as UsageError;
}

describe('the registry', () => {
  it('lists the default provider, and each of its providers loads an adapter of its own name with every member of the interface', async () => {
    expect(providerNames()).toContain(DEFAULT_PROVIDER);
    for (const name of providerNames()) {
      expect(isProvider(name)).toBe(true);
      const adapter = await loadProvider(name, 'test');
      expect(adapter.name).toBe(name);
      for (const text of [
        adapter.displayName,
        adapter.projectDirVariable,
        adapter.settings.file,
        adapter.settings.localFile,
        adapter.settings.userFile,
      ])
        expect(typeof text === 'string' && text !== '', `${name}: ${String(text)}`).toBe(true);
      expect(adapter.projectDirVariable).toMatch(/^[A-Z_][A-Z0-9_]*$/);
      expect(Number.isInteger(adapter.contextCap) && adapter.contextCap > 0).toBe(true);
      for (const member of [
        'readHookCall',
        'readPromptCall',
        'readToolCall',
        'sessionStartOutput',
        'noticeOutput',
        'denyToolCall',
      ] as const)
        expect(typeof adapter[member], `${name}.${member}`).toBe('function');
      for (const member of [
        'managedFile',
        'parse',
        'wantedHooks',
        'installText',
        'uninstallText',
        'wiringOf',
        'hooksOff',
        'probeRequests',
      ] as const)
        expect(typeof adapter.settings[member], `${name}.settings.${member}`).toBe('function');
      expect(adapter.mcp === undefined || typeof adapter.mcp === 'function').toBe(true);
      // every hook it wires runs a capture command, and a probe can drive it
      const wanted = adapter.settings.wantedHooks();
      expect(wanted.length).toBeGreaterThan(0);
      for (const hook of wanted) {
        expect(hook.args[0]).toBe('capture');
        expect(PROBE_EVENTS).toContain(hook.probe);
        expect(hook.purpose === 'session' ? ['start', 'compact', 'end'] : [hook.purpose]).toContain(hook.probe);
        expect(hook.args[1]).toBe(hook.purpose);
      }
      // an empty stdin is no payload: a start with no session named
      expect(adapter.readHookCall('start', '', {}).source).toBe('startup');
    }
  });

  it('a name with no adapter is refused (2) naming every known provider; names of the object prototype are no providers', async () => {
    for (const name of ['nope', 'constructor', '__proto__', 'toString', '', undefined]) {
      expect(isProvider(name)).toBe(false);
      const error = await refusal(loadProvider(name, 'capture status'));
      expect(error.exitCode).toBe(2);
      expect(error.message.startsWith('capture status: --provider ')).toBe(true);
      for (const known of providerNames()) expect(error.message).toContain(known);
    }
  });

  it('a registry of its own takes a second provider with one line: listed, loaded, and named by the refusal; the engine registry is untouched', async () => {
    const second = await acme(10_000);
    const registry = providerRegistry({
      'claude-code': () => import('../../engine/capture/providers/claude-code'),
      acme: async () => ({ adapter: second }),
    });
    expect(registry.names()).toEqual(['claude-code', 'acme']);
    expect(await registry.load('acme', 'test')).toBe(second);
    expect((await registry.load('claude-code', 'test')).name).toBe('claude-code');
    const error = await refusal(registry.load('nope', 'capture session'));
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('claude-code, acme');
    expect(providerNames()).not.toContain('acme');
    expect(isProvider('acme')).toBe(false);
  });
});

describe('the neutral session code acts with the adapter it is handed', () => {
  it('a start through the test-only adapter files the episode under its name and holds the context to its cap', async () => {
    const env = cleanEnv();
    const wide = await capture({ dirs: [adopted().dir], env }, await acme(10_000), 'start', { id: 'acme-wide', source: 'startup' });
    const narrow = await capture({ dirs: [adopted().dir], env }, await acme(601), 'start', { id: 'acme-narrow', source: 'startup' });
    expect(wide.action).toBe('opened');
    expect(narrow.action).toBe('opened');
    if (wide.action !== 'opened' || narrow.action !== 'opened') return;
    expect(wide.session.provider).toBe('acme');
    expect(narrow.session.provider).toBe('acme');
    // the same repository's context: under 10,000 characters it is whole; under 601 no line of it fits
    const [first] = wide.text.split('\n');
    expect(first).not.toBe('');
    expect(narrow.text).not.toContain(first);
    expect(narrow.text.split('\n').filter((line) => line !== '')).toHaveLength(1);
    expect(narrow.text).toContain('601');
  });
});

describe('every capture command asks the registry', () => {
  it('--provider with no adapter: 2 from session, prompt, guard, install, uninstall and status, naming the known providers', () => {
    const repo = adopted();
    for (const command of [['session', '--event', 'start'], ['prompt'], ['guard'], ['install'], ['uninstall'], ['status']]) {
      const run = repo.run(['capture', ...command, '--provider', 'nope'], { input: '' });
      expect(run.code, command.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      for (const known of providerNames()) expect(run.stderr).toContain(known);
    }
  });
});
