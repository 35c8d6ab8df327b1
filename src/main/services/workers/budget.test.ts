// The export pool's budgets end to end: a project heavy enough to take its worker past the
// budget is stopped, the answer names the card and layer it was laying out (in both languages),
// the worker is replaced, and another project's request is answered meanwhile.
import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PrintService } from '../print';
import { tinyProject } from '../tiny-project.test-fixture';
import { createExportPool, EXPORT_TASK_BUDGETS, runTask } from './export-pool';

const heavy = tinyProject({ id: 'heavy', cards: Array.from({ length: 400 }, (_, i) => `C${i}`) });
tinyProject({ id: 'light', root: heavy.root });
// 100 shrink-to-fit layers (the limit) over long text: seconds of typesetting per card.
const layers = Array.from({ length: 100 }, (_, i) => ({ id: `fit${i}`, type: 'text', x: 2, y: 2, w: 20, h: 6, text: '{{title}} {{body}}', face: 'sans', size: 40, minSize: 4, fit: 'shrink', color: '#000000' }));
writeFileSync(`${heavy.dir}/front.template.json`, JSON.stringify({ schemaVersion: 4, name: 'front', maps: {}, layers }));
const body = '一二三四五六七八九十 word '.repeat(600);
writeFileSync(`${heavy.dir}/cards.csv`, ['id,title,body', ...Array.from({ length: 400 }, (_, i) => `C${i},Card ${i},${body}`)].join('\n') + '\n');

const times: { task: string; ms: number; outcome: string }[] = [];
const pool = createExportPool({ templatesDir: heavy.root, exportDir: heavy.root }, { size: 2, budgets: { ...EXPORT_TASK_BUDGETS, preflight: 1500 }, onTaskEnd: (task, ms, outcome) => times.push({ task, ms, outcome }) });
afterAll(async () => {
  await pool.close();
  rmSync(heavy.root, { recursive: true, force: true });
});

describe('export pool budgets', () => {
  it('stops a preflight over its budget naming the card and layer, and serves another project meanwhile', async () => {
    // Warm both workers (fonts load on first use) so the budget measures the work, not the start.
    await Promise.all([runTask(pool, 'render', { projectId: 'light', offset: 0, limit: 1 }, { key: 'light' }), runTask(pool, 'render', { projectId: 'light', offset: 0, limit: 1 }, { key: 'x' })]);
    const t0 = performance.now();
    const req = PrintService.resolve({ projectId: 'heavy', paper: 'a4' });
    if (!req.ok) throw new Error(req.error.message);
    const pf = runTask(pool, 'preflight', req.value, { key: 'heavy', label: 'project "heavy"', priority: 'interactive' });
    await new Promise((r) => setTimeout(r, 200));
    const light = await runTask(pool, 'render', { projectId: 'light', offset: 0, limit: 2 }, { key: 'light', priority: 'interactive' });
    const lightMs = performance.now() - t0;
    expect(light.ok).toBe(true);
    const r = await pf;
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('worker/over-budget');
    expect(r.error.message).toMatch(/^"preflight" of project "heavy" took longer than its 1\.5 s budget while working on card C\d+, layer "fit\d+" of template "front", so it was stopped/);
    expect((r.error.details as { zh: string }).zh).toMatch(/超过了 1\.5 秒的时间上限（当时正在处理牌 C\d+ 的模板“front”中的图层“fit\d+”）/);
    console.log(`budget: the heavy preflight was stopped after ${times.find((t) => t.outcome === 'worker/over-budget')!.ms.toFixed(0)} ms; the other project's page came back after ${lightMs.toFixed(0)} ms`);
    // The pool goes on with a fresh worker.
    expect((await runTask(pool, 'render', { projectId: 'light', offset: 0, limit: 1 }, { key: 'light' })).ok).toBe(true);
  }, 60_000);
});
