import { it } from 'vitest';
import { gateInProcess } from './helpers/gate';
import { repoFactory } from './helpers/repo';
const repos = repoFactory();
it('prof', async () => {
  repos.create().init();
  for (let i = 0; i < 5; i++) {
    let t = performance.now();
    const repo = repos.create();
    const a0 = performance.now() - t; t = performance.now();
    repo.init();
    const a = performance.now() - t; t = performance.now();
    await gateInProcess(repo, 'doctor', { rule: 'majordomus.policy-integrity' });
    const b = performance.now() - t; t = performance.now();
    await gateInProcess(repo, 'doctor');
    const c = performance.now() - t; t = performance.now();
    repo.gate(['doctor', '--rule', 'majordomus.policy-integrity']);
    const d = performance.now() - t;
    console.log(JSON.stringify({ ctor: a0.toFixed(0), copy: a.toFixed(0), gate1: b.toFixed(0), fullDoctor: c.toFixed(0), spawned: d.toFixed(0) }));
  }
  repos.disposeAll();
});
