/**
 * docs/CI.md: its worked workflow is YAML a CI system reads, the job without a task runs `doctor` and
 * no task gate, and the job with one starts it before any task gate and finishes it before
 * `finish --check` — the order the exit codes demand (a task gate without a task exits 12).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../helpers/repo';

const text = readFileSync(join(ROOT, 'docs/CI.md'), 'utf8');
const block = /```yaml\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
const workflow = parse(block) as { jobs: Record<string, { steps: { run?: string }[] }> };
const runs = (job: string): string[] => workflow.jobs[job]!.steps.flatMap((step) => (step.run === undefined ? [] : [step.run]));
const index = (list: string[], pattern: RegExp): number => list.findIndex((line) => pattern.test(line));

describe('docs/CI.md', () => {
  it('the layer job runs doctor and no task gate', () => {
    const layer = runs('layer');
    expect(index(layer, /majordomus doctor\b/)).toBeGreaterThanOrEqual(0);
    expect(layer.filter((line) => /majordomus (check|finish|start)\b/.test(line))).toEqual([]);
  });

  it('the task job runs doctor, starts its task before check, and finishes it before finish --check', () => {
    const task = runs('task');
    const doctor = index(task, /majordomus doctor\b/);
    const start = index(task, /majordomus start "[^"]+" --scope \S+/);
    const check = index(task, /majordomus check\b/);
    const finish = index(task, /majordomus finish --outcome completed --verify-command "[^"]+"/);
    const finishCheck = index(task, /majordomus finish --check\b/);
    expect([doctor, start, check, finish, finishCheck].every((at) => at >= 0)).toBe(true);
    expect(start).toBeLessThan(check);
    expect(check).toBeLessThan(finish);
    expect(finish).toBeLessThan(finishCheck);
  });

  it('the task job judges every commit of a pull request with verify-range, on the history it fetched', () => {
    const job = workflow.jobs.task as unknown as { steps: { run?: string; if?: string; with?: { 'fetch-depth'?: number } }[] };
    const step = job.steps.find((candidate) =>
      /majordomus verify-range "origin\/\$\{\{ github\.base_ref \}\}\.\.HEAD"/.test(candidate.run ?? ''),
    );
    expect(step?.if).toBe("github.event_name == 'pull_request'");
    expect(job.steps.some((candidate) => candidate.with?.['fetch-depth'] === 0)).toBe(true);
  });

  it('the README says the same and links the page', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('](docs/CI.md)');
    expect(readme).toMatch(/## In CI\n/);
  });
});
