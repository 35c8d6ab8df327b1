// Names a user chooses — columns, map names and values, icon names, template names — may be any
// string, including every name an ordinary object inherits. Each is an ordinary name end to end:
// typed columns save and read back, bindings show the cell, maps and icons resolve, nothing is
// lost or inherited, and no program error ("order.filter is not a function") reaches the user.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IpcChannel } from '../../shared/ipc/contract';
import { createHandlers } from '../ipc';
import { dispatch } from '../ipc/registry';
import { createServices } from '.';
import { validateTable } from '../../shared/cards/table/validate';

/** Every name Object.prototype has: constructor, toString, valueOf, __proto__, hasOwnProperty… */
const NAMES = Object.getOwnPropertyNames(Object.prototype);

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fuqi-proto-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
const value = <T>(a: unknown): T => {
  const r = a as Answer<T>;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

describe('user-chosen names that every object inherits', () => {
  it('save, read back, bind, map and export like any other name', async () => {
    const projectsDir = join(tmp, 'projects');
    const s = createServices({ mode: 'browser', exportDir: join(tmp, 'exports'), projectsDir });
    const h = createHandlers(s, () => false);
    try {
      const made = value<{ summary: { id: string; dir: string } }>(await dispatch(h, IpcChannel.PROJECTS_CREATE, { name: 'Proto', card: { preset: 'poker' } }));
      const { id, dir } = made.summary;
      // Cards with a column of every inherited name; the front binds each, through a map of the same name.
      const cols = ['id', 'copies', 'template', ...NAMES];
      const cell = (n: string) => `v-${n}`;
      writeFileSync(join(dir, 'cards.csv'), `${cols.join(',')}\nA,1,${NAMES[0]},${NAMES.map(cell).join(',')}\n`);
      const project = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8'));
      const front = JSON.parse(readFileSync(join(dir, project.templates.front), 'utf8'));
      const maps: Record<string, Record<string, string>> = Object.create(null);
      for (const n of NAMES) maps[n] = Object.fromEntries([[cell(n), `mapped-${n}`]]);
      const icons = Object.fromEntries(NAMES.filter((n) => /^[A-Za-z0-9_-]+$/.test(n)).map((n) => [n, 'icon:fluent-emoji-flat:rat']));
      const layers = NAMES.map((n, i) => ({ id: `t${i}`, type: 'text', x: 2, y: 2 + i * 6, w: 58, h: 6, text: `{{${n}:${n}}}`, face: 'sans', size: 6, color: '#000000' }));
      writeFileSync(join(dir, 'named.template.json'), JSON.stringify({ ...front, maps, icons, layers }));
      // A template named `constructor` (the first inherited name), used by the card's template column.
      project.templates = Object.fromEntries([...Object.entries(project.templates), [NAMES[0], 'named.template.json']]);
      writeFileSync(join(dir, 'project.json'), JSON.stringify(project));

      // The data page's settings: a type on every inherited name.
      const table = value<{ columns: string[]; settings: { columns: Record<string, unknown> }; settingsRevision: string; revision: string }>(await dispatch(h, IpcChannel.PROJECTS_CARDS, { id }));
      expect(table.columns).toEqual(cols);
      const columns = Object.fromEntries(NAMES.map((n, i) => [n, i % 2 ? { type: 'number' } : { type: 'list', values: [cell(n), 'other'] }]));
      // Sent as JSON, as the browser mode's host and Electron's structured clone both keep a __proto__ key.
      const settings = JSON.parse(JSON.stringify({ name: { zh: '原型', en: 'Proto' }, card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 }, columns }));
      expect(Object.keys(settings.columns)).toEqual(NAMES);
      const saved = await dispatch(h, IpcChannel.PROJECTS_SAVE_SETTINGS, { id, settings, baseRevision: table.settingsRevision });
      value(saved);
      const written = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8'));
      expect(Object.keys(written.columns)).toEqual(NAMES);
      expect(Object.keys(written.templates)).toEqual(['front', 'back', NAMES[0]]);
      const again = value<{ settings: { columns: Record<string, unknown> } }>(await dispatch(h, IpcChannel.PROJECTS_CARDS, { id }));
      expect(Object.keys(again.settings.columns)).toEqual(NAMES);
      expect(JSON.parse(JSON.stringify(again.settings.columns))).toEqual(columns);

      // The card lays out with each binding mapped by the map of the same name.
      const page = value<{ cards: { fields: Record<string, string>; front: { template: string; list: unknown } }[]; warnings: unknown[] }>(await dispatch(h, IpcChannel.PROJECTS_RENDER, { projectId: id }));
      expect(page.cards[0]!.front.template).toBe(NAMES[0]);
      expect(Object.keys(page.cards[0]!.fields)).toEqual(expect.arrayContaining(NAMES));
      const drawn = JSON.stringify(page.cards[0]!.front.list);
      for (const n of NAMES) expect(drawn).toContain(`mapped-${n}`);
      expect(page.warnings).toEqual([]);

      // Preflight and a PDF export go through as well.
      const pre = value<{ issues: { severity: string; message: string }[] }>(await dispatch(h, IpcChannel.PRINT_PREFLIGHT, { projectId: id }));
      expect(pre.issues.filter((i) => i.severity === 'error')).toEqual([]);
      // Saving the cards table (every column kept) and the data export of it.
      value(await dispatch(h, IpcChannel.PROJECTS_SAVE_CARDS, { id, columns: table.columns, rows: [['A', '1', NAMES[0]!, ...NAMES.map(cell)]], baseRevision: table.revision }));
      const csv = value<{ path: string }>(await dispatch(h, IpcChannel.SHEETS_EXPORT, { projectId: id, format: 'csv', columns: table.columns, rows: [['A', '1', NAMES[0]!, ...NAMES.map(cell)]] }));
      expect(readFileSync(csv.path, 'utf8').split(/\r?\n/)[0]).toBe(cols.join(','));
    } finally {
      await s.workers.close();
    }
  }, 60_000);
});

describe('the grid', () => {
  it('checks cells only against types the user gave', () => {
    // Column types as the renderer receives them (plain objects from JSON): none for these names.
    const specs = JSON.parse('{"cost":{"type":"number"}}');
    const table = { columns: ['id', ...NAMES], rows: [['A', ...NAMES.map(() => 'x')]] };
    expect(validateTable(table, specs)).toEqual([]);
    const typed = JSON.parse(`{${NAMES.map((n) => `${JSON.stringify(n)}:{"type":"number"}`).join(',')}}`);
    expect(validateTable(table, typed).map((p) => p.column)).toEqual(NAMES);
  });
});
