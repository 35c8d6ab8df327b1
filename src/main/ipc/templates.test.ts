import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IpcChannel, type CreatedProject, type FontTables, type OpenedTemplates, type TemplateEntry } from '../../shared/ipc/contract';
import { ipcTestApp } from './app.test-fixture';


const { call } = ipcTestApp('tpl');

async function newProject(name: string): Promise<{ id: string; dir: string }> {
  const made = await call<CreatedProject>(IpcChannel.PROJECTS_CREATE, { name, card: { preset: 'poker' } });
  return { id: made.summary.id, dir: made.summary.dir! };
}

describe('templates:*', () => {
  it('opens, saves atomically with the revision, refuses stale saves, bad templates and built-in projects', async () => {
    const { id, dir } = await newProject('Tpl save');
    const o = await call<OpenedTemplates>(IpcChannel.TEMPLATES_OPEN, { projectId: id });
    expect(o.templates.map((t) => t.name)).toEqual(['front', 'back']);
    expect(o.card).toMatchObject({ width: 63, height: 88, bleed: 3, safe: 3 });
    const front = o.templates[0]!;
    const onDisk = readFileSync(join(dir, 'front.template.json'), 'utf8');
    const t = structuredClone(front.template) as { layers: Record<string, unknown>[] };
    t.layers[0]!.fill = '#123456';
    const r = await call<{ revision: string }>(IpcChannel.TEMPLATES_SAVE, { projectId: id, name: 'front', template: t, baseRevision: front.revision });
    expect(r.revision).toMatch(/^[0-9a-f]{40}$/);
    expect(JSON.parse(readFileSync(join(dir, 'front.template.json'), 'utf8')).layers[0].fill).toBe('#123456');
    // The old revision is stale now.
    await expect(call(IpcChannel.TEMPLATES_SAVE, { projectId: id, name: 'front', template: t, baseRevision: front.revision })).rejects.toMatchObject({ code: 'projects/conflict' });
    // A bad layer is refused with the field named, and nothing is written.
    const bad = structuredClone(t);
    bad.layers[0]!.w = -5;
    await expect(call(IpcChannel.TEMPLATES_SAVE, { projectId: id, name: 'front', template: bad, baseRevision: r.revision })).rejects.toThrow(/layers\.0\.w/);
    expect(readFileSync(join(dir, 'front.template.json'), 'utf8')).not.toBe(onDisk);
    expect(JSON.parse(readFileSync(join(dir, 'front.template.json'), 'utf8')).layers[0].w).toBe(63);
    await expect(call(IpcChannel.TEMPLATES_SAVE, { projectId: 'doufu', name: 'front', template: t, baseRevision: r.revision })).rejects.toMatchObject({ code: 'projects/read-only' });
    await expect(call(IpcChannel.TEMPLATES_SAVE, { projectId: id, name: '../x', template: t, baseRevision: r.revision })).rejects.toMatchObject({ code: 'ipc/bad-request' });
  });

  it('a template file broken by hand opens with its error in both languages, at its line and column', async () => {
    const { id, dir } = await newProject('Tpl broken');
    const text = readFileSync(join(dir, 'front.template.json'), 'utf8').split('\n');
    text[2] = text[2]!.replace(/,$/, '');
    writeFileSync(join(dir, 'front.template.json'), text.join('\n'));
    const o = await call<OpenedTemplates>(IpcChannel.TEMPLATES_OPEN, { projectId: id });
    const e = o.templates.find((x) => x.name === 'front') as TemplateEntry;
    expect(e.template).toBeNull();
    expect(e.at).toEqual({ line: 4, column: 3 });
    expect(e.problemText?.zh).toContain('第 4 行第 3 列');
    expect(e.problemText?.en).toContain('line 4, column 3');
  });

  it('adds, duplicates, renames (in the cards too) and deletes templates', async () => {
    const { id, dir } = await newProject('Tpl manage');
    const added = await call<TemplateEntry>(IpcChannel.TEMPLATES_ADD, { projectId: id, name: 'hero' });
    expect(added.file).toBe('hero.template.json');
    expect(JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')).templates).toEqual({ front: 'front.template.json', back: 'back.template.json', hero: 'hero.template.json' });
    await expect(call(IpcChannel.TEMPLATES_ADD, { projectId: id, name: 'hero' })).rejects.toMatchObject({ code: 'templates/exists' });
    const dup = await call<TemplateEntry>(IpcChannel.TEMPLATES_DUPLICATE, { projectId: id, from: 'front', name: '英雄' });
    expect(dup.file).toBe('template.template.json');
    expect((dup.template as { layers: unknown[] }).layers).toHaveLength(4);
    // A card uses hero: renaming it rewrites that cell; deleting it is refused while it is used.
    const csv = readFileSync(join(dir, 'cards.csv'), 'utf8').split('\n');
    csv[0] = `${csv[0]},template`;
    csv[1] = `${csv[1]},hero`;
    for (let i = 2; i < csv.length; i++) if (csv[i]) csv[i] = `${csv[i]},`;
    writeFileSync(join(dir, 'cards.csv'), csv.join('\n'));
    expect(await call(IpcChannel.TEMPLATES_RENAME, { projectId: id, from: 'hero', to: 'villain' })).toEqual({ cardsChanged: 1 });
    expect(readFileSync(join(dir, 'cards.csv'), 'utf8')).toMatch(/^card-1,2,villain,/m);
    await expect(call(IpcChannel.TEMPLATES_DELETE, { projectId: id, name: 'villain' })).rejects.toThrow(/used by 1 card/);
    await expect(call(IpcChannel.TEMPLATES_RENAME, { projectId: id, from: 'front', to: 'x' })).rejects.toMatchObject({ code: 'templates/in-use' });
    expect(await call(IpcChannel.TEMPLATES_DELETE, { projectId: id, name: '英雄' })).toEqual({ file: 'template.template.json' });
    const names = (await call<OpenedTemplates>(IpcChannel.TEMPLATES_OPEN, { projectId: id })).templates.map((t) => t.name);
    expect(names).toEqual(['front', 'back', 'villain']);
  });

  it('measures characters in every face and answers image data URLs', async () => {
    const m = await call<FontTables>(IpcChannel.TEMPLATES_MEASURE, { chars: 'A福闆' });
    expect(m.sans.widths.A).toBeGreaterThan(0.4);
    expect(m.sans.widths['福']).toBeCloseTo(1, 1);
    expect(m.brush.missing).toContain('闆');
    expect(m.sans.ascent).toBeGreaterThan(0.8);
    const { id } = await newProject('Tpl images');
    const imgs = await call<Record<string, string>>(IpcChannel.TEMPLATES_IMAGES, { projectId: id, refs: ['icon:fluent-emoji-flat:rat', 'icon:nope:nothing'] });
    expect(Object.keys(imgs)).toEqual(['icon:fluent-emoji-flat:rat']);
    expect(imgs['icon:fluent-emoji-flat:rat']).toMatch(/^data:image\//);
    const info = await call<Record<string, { widthPx: number; heightPx: number; vector: boolean }>>(IpcChannel.TEMPLATES_IMAGE_INFO, { projectId: id, refs: ['icon:fluent-emoji-flat:rat', 'file:art/none.png'] });
    expect(Object.keys(info)).toEqual(['icon:fluent-emoji-flat:rat']);
    expect(info['icon:fluent-emoji-flat:rat']).toMatchObject({ vector: true });
    await expect(call(IpcChannel.TEMPLATES_IMAGE_INFO, { projectId: id, refs: Array.from({ length: 201 }, (_, i) => `file:${i}.png`) })).rejects.toThrow(/at most 200/);
  });
});
