// Hostile sizes over IPC: deeply nested payloads and templates are refused with a message (never a
// stack overflow), an oversized template is refused before preflight lays it out, and no answer
// over its limit is sent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IpcChannel, type CreatedProject, type IpcEnvelope, type OpenedTemplates } from '../../shared/ipc/contract';
import { createServices } from '../services';
import { answerOver, MAX_ANSWER_BYTES } from './answer-limit';
import { createHandlers } from './index';
import { dispatch, type Handlers } from './registry';

const tmp = mkdtempSync(join(tmpdir(), 'fuqi-ipc-limits-'));
const services = createServices({ mode: 'browser', exportDir: join(tmp, 'exports'), projectsDir: join(tmp, 'projects') });
const h = createHandlers(services, () => false);
afterAll(async () => {
  services.watcher.close();
  await services.workers.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function newProject(name: string): Promise<{ id: string; dir: string }> {
  const r = (await dispatch(h, IpcChannel.PROJECTS_CREATE, { name, card: { preset: 'poker' } })) as IpcEnvelope<CreatedProject>;
  if (!r.ok) throw new Error(r.error.message);
  return { id: r.value.summary.id, dir: r.value.summary.dir! };
}

/** `depth` nested groups as template JSON text (built as text: JSON.stringify would overflow on it). */
function nestedGroups(depth: number): string {
  return `{"schemaVersion":4,"name":"front","maps":{},"layers":${'[{"id":"g","type":"group","layers":'.repeat(depth)}[]${'}]'.repeat(depth)}}`;
}

describe('limits over IPC', () => {
  it('templates:open of a template of 5,000 nested groups answers the problem, not a stack overflow', async () => {
    const { id, dir } = await newProject('Deep groups');
    writeFileSync(join(dir, 'front.template.json'), nestedGroups(5000));
    const t0 = performance.now();
    const r = (await dispatch(h, IpcChannel.TEMPLATES_OPEN, { projectId: id })) as IpcEnvelope<OpenedTemplates>;
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(r.ok).toBe(true);
    const front = r.ok ? r.value.templates.find((t) => t.name === 'front')! : undefined;
    expect(front?.template).toBeNull();
    expect(front?.problem).toMatch(/^front\.template\.json: The template is nested more than 64 levels deep/);
  });

  it('templates:save with 1,000 nested groups is refused with the depth limit, in both languages', async () => {
    const { id } = await newProject('Deep save');
    const opened = (await dispatch(h, IpcChannel.TEMPLATES_OPEN, { projectId: id })) as IpcEnvelope<OpenedTemplates>;
    const rev = opened.ok ? opened.value.templates[0]!.revision : '';
    const template = JSON.parse(nestedGroups(1000)) as unknown;
    const r = await dispatch(h, IpcChannel.TEMPLATES_SAVE, { projectId: id, name: 'front', template, baseRevision: rev });
    expect(r).toMatchObject({ ok: false, error: { code: 'ipc/too-deep', message: expect.stringMatching(/^The templates:save request is nested more than 64 levels deep \(at template\.layers\[0\]/), details: { zh: expect.stringMatching(/嵌套超过 64 层/) } } });
    // Twelve groups deep passes the payload check and meets the template's own group limit.
    const twelve = JSON.parse(nestedGroups(12)) as unknown;
    const r2 = await dispatch(h, IpcChannel.TEMPLATES_SAVE, { projectId: id, name: 'front', template: twelve, baseRevision: rev });
    expect(r2).toMatchObject({ ok: false, error: { code: 'templates/invalid', message: expect.stringMatching(/is a group nested 9 deep; the limit is 8/), details: { zh: expect.stringMatching(/嵌套第 9 层的组/) } } });
  });

  it('matches:save with options 100,000 deep is refused at once', async () => {
    let options: unknown = {};
    for (let i = 0; i < 100_000; i++) options = { a: options };
    const match = { format: 'fuqi-match', formatVersion: 1, game: 'doufu', rulesVersion: '1', options, seed: 's', players: 2, moves: [] };
    const t0 = performance.now();
    const r = await dispatch(h, IpcChannel.MATCHES_SAVE, { match });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(r).toMatchObject({ ok: false, error: { code: 'ipc/too-deep', message: expect.stringMatching(/at match\.options\.a\.a/) } });
  });

  it('print:preflight of a project with a 5,000-column table (row height 0.001 mm) is refused at load, naming the layer', async () => {
    const { id, dir } = await newProject('Wide table');
    const columns = Array.from({ length: 5000 }, () => ({ width: 1 }));
    const rows = Array.from({ length: 5000 }, () => 'x').join('|');
    const layer = { id: 'huge', type: 'table', x: 0, y: 0, w: 60, rows, columns, face: 'sans', size: 6, rowHeight: 0.001, color: '#000000' };
    writeFileSync(join(dir, 'front.template.json'), JSON.stringify({ schemaVersion: 4, name: 'front', maps: {}, layers: [layer] }));
    const t0 = performance.now();
    const r = await dispatch(h, IpcChannel.PRINT_PREFLIGHT, { projectId: id, paper: 'a4' });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/layer "huge" \(layers\[0\]\) is a table of 5,000 columns; the limit is 50/);
    expect(!r.ok && r.error.message).toMatch(/row height of 0\.001 mm; the smallest is 0\.5 mm/);
    expect(JSON.stringify(r).length).toBeLessThan(100_000);
  });

  it('a template at the limits preflights, and its answer (a sheet of nine such cards) is within the answer limit', async () => {
    const { id, dir } = await newProject('At the limits');
    const line = Array.from({ length: 25 }, (_, i) => `c${i}`).join('|');
    const rows = Array.from({ length: 200 }, () => line).join('\n');
    const layer = { id: 'dense', type: 'table', x: 0, y: 0, w: 63, rows, columns: Array.from({ length: 25 }, () => ({ width: 1 })), face: 'sans', size: 2, rowHeight: 0.5, color: '#000000' };
    writeFileSync(join(dir, 'front.template.json'), JSON.stringify({ schemaVersion: 4, name: 'front', maps: {}, layers: [layer] }));
    writeFileSync(join(dir, 'cards.csv'), ['id', ...Array.from({ length: 9 }, (_, i) => `C${i}`)].join('\n') + '\n');
    const r = await dispatch(h, IpcChannel.PRINT_PREFLIGHT, { projectId: id, paper: 'a4' });
    expect(r.ok ? 'ok' : r.error.message).toBe('ok');
    const bytes = JSON.stringify(r).length;
    console.log(`preflight answer at the table limits: ${(bytes / 1048576).toFixed(1)} MiB`);
    expect(bytes).toBeLessThan(MAX_ANSWER_BYTES);
  }, 60_000);

  it('refuses to send an answer over its limit, and counts only up to the limit', async () => {
    const big = { pages: Array.from({ length: 2000 }, () => 'x'.repeat(8000)) };
    const fake = { [IpcChannel.APP_INFO]: () => big } as unknown as Handlers;
    const r = await dispatch(fake, IpcChannel.APP_INFO, null);
    expect(r).toMatchObject({ ok: false, error: { code: 'ipc/answer-too-large', message: expect.stringMatching(/^app:info: the answer is over 8 MiB/), details: { zh: expect.stringMatching(/结果超过 8 MiB/) } } });
    expect(answerOver({ a: 'x'.repeat(100) }, MAX_ANSWER_BYTES)).toBeUndefined();
    // A 200 MB answer is refused after counting about the limit, not the whole of it.
    const huge = Array.from({ length: 25_000 }, () => 'y'.repeat(8000));
    const t0 = performance.now();
    expect(answerOver(huge, MAX_ANSWER_BYTES)).toBeGreaterThan(MAX_ANSWER_BYTES);
    expect(performance.now() - t0).toBeLessThan(200);
  });
});
