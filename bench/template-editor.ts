// The template editor's speed (issue 10 targets), against baselines measured in the same run:
//
//  1. A drag or a property change → the canvas card laid out again and written as SVG, for a
//     30-layer 斗福 front (the first 24 layers of the real template plus a rotated rect, a rotated
//     group of two, a text with bold/colour spans and an inline icon). Target < 16 ms (one frame).
//     Baselines: the 16.7 ms frame, and the data editor's cell edit → preview card (`renderRow`).
//  2. The same edit → the deck preview: every one of 200 cards laid out and written as SVG, per
//     card. Target < 50 ms per visible card. Baseline: the data editor's whole-deck layout
//     (`renderProject`, both faces, no SVG) per card.
import { rmSync } from 'node:fs';
import { createServices } from '../src/main/services';
import { renderProject, renderRow } from '../src/main/services/render';
import { layoutFace } from '../src/shared/cards/layout';
import { drawListToSvg } from '../src/shared/cards/svg';
import { CARD_SET_SCHEMA_VERSION, TemplateFile, type CardSet, type Layer } from '../src/shared/cards/schema';
import { onlyProject, projectsWith } from './editor';
import { sized } from './scale';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;
const FRAME = 1000 / 60;

/** The 30-layer template: 24 of the 斗福 front's layers and six that use the editor's features. */
function thirtyLayers(front: TemplateFile): TemplateFile {
  const extra: unknown[] = [
    { id: 'ribbon', type: 'rect', x: 36, y: 8, w: 30, h: 6, fill: '#2A9D8F', rotation: 30 },
    { id: 'stamp', type: 'group', rotation: -12, layers: [
      { id: 'stamp-disc', type: 'ellipse', x: 44, y: 60, w: 12, h: 12, fill: '{{attr:colour}}' },
      { id: 'stamp-glyph', type: 'text', x: 44, y: 60, w: 12, h: 12, text: '{{attr:glyph}}', face: 'brush', size: 20, color: '#FFFFFF', align: 'center', valign: 'middle', fit: 'none' },
    ] },
    { id: 'rich', type: 'text', x: 6, y: 74, w: 51, h: 8, text: '{{icon:fluent-emoji-flat:four-leaf-clover}} **{{name_zh}}**：[{{attr:colour}}]{{attr}}[/] 摸一张', face: 'sans', size: 7, color: '#1F1A17', align: 'justify', fit: 'shrink', minSize: 5 },
    { id: 'hidden-note', type: 'text', x: 6, y: 82, w: 51, h: 4, text: 'draft', face: 'sans', size: 6, color: '#FF0000', hidden: true },
  ];
  const layers = [...front.layers.slice(0, 24), ...extra] as Layer[];
  let n = 0;
  const count = (ls: Layer[]): void => ls.forEach((l) => (n++, l.type === 'group' && count(l.layers)));
  count(layers);
  if (n !== 30) throw new Error(`the benchmark template has ${n} layers, not 30`);
  return TemplateFile.parse({ ...front, schemaVersion: CARD_SET_SCHEMA_VERSION, layers });
}

/** `tpl` with layer `i` moved by `dx` mm: what a drag step or a property change makes. */
function moved(tpl: TemplateFile, i: number, dx: number): TemplateFile {
  const layers = tpl.layers.slice();
  const l = layers[i]!;
  layers[i] = 'x' in l ? { ...l, x: l.x + dx } : l;
  return { ...tpl, layers };
}

export async function benchTemplateEditor(): Promise<void> {
  const root = projectsWith(sized(200, 6), 'templates');
  try {
    const services = createServices({ mode: 'cli', projectsDir: root });
    const id = onlyProject(services);
    const p = services.projects.get(id);
    if (!p.ok) throw new Error(p.error.message);
    const m = services.fonts.measurer;
    const images = (ref: string) => services.assets.dataUrl(ref, p.value.dir);
    const base = thirtyLayers(p.value.set.templates.front!);
    const withTpl = (tpl: TemplateFile): CardSet => ({ ...p.value.set, templates: { ...p.value.set.templates, front: tpl } });
    const card = p.value.set.cards[0]!;
    const svgOf = (set: CardSet, c = card) => drawListToSvg(layoutFace(set, c, 'front', m).list, { text: 'text', imageHref: () => 'data:,', idPrefix: c.id });
    for (let i = 0; i < sized(20, 1); i++) svgOf(withTpl(moved(base, 5, i * 0.1))); // warm: fonts, the JIT

    const edits: number[] = [];
    for (let i = 0; i < sized(200, 3); i++) {
      const t0 = performance.now();
      svgOf(withTpl(moved(base, i % 30 === 0 ? 1 : 5, (i % 10) * 0.5)));
      edits.push(performance.now() - t0);
    }
    const table = services.editor.cards(id);
    if (!table.ok) throw new Error(table.error.message);
    const rowEdits: number[] = [];
    for (let i = 0; i < sized(40, 3); i++) {
      const t0 = performance.now();
      await renderRow(services.projects, p.value, table.value.columns, table.value.rows[i]!, m, images);
      rowEdits.push(performance.now() - t0);
    }
    const one = median(edits);
    console.log(`Template edit → the canvas card laid out and written as SVG (30 layers): ${ms(one)} median, ${ms(pct(edits, 0.95))} p95   [target: < 16 ms]`);
    console.log(`Baselines: one 60 Hz frame ${ms(FRAME)}, ratio ${(pct(edits, 0.95) / FRAME).toFixed(3)}× (p95); the data editor's cell edit → preview card ${ms(median(rowEdits))}, ratio ${(one / median(rowEdits)).toFixed(2)}×`);

    const decks: number[] = [];
    for (let k = 0; k < sized(3, 1); k++) {
      const set = withTpl(moved(base, 5, k * 0.5));
      const t0 = performance.now();
      for (const c of set.cards) svgOf(set, c);
      decks.push((performance.now() - t0) / set.cards.length);
    }
    const layouts: number[] = [];
    for (let k = 0; k < sized(3, 1); k++) {
      const t0 = performance.now();
      await renderProject(services.projects, p.value, m, images);
      layouts.push((performance.now() - t0) / p.value.set.cards.length);
    }
    console.log(`Template edit → the deck preview, ${p.value.set.cards.length} cards laid out and written as SVG: ${ms(median(decks))} per card, ${ms(median(decks) * p.value.set.cards.length)} in all   [target: < 50 ms per card]`);
    console.log(`Baseline, the data editor's whole-deck layout (both faces, no SVG): ${ms(median(layouts))} per card; ratio ${(median(decks) / median(layouts)).toFixed(2)}×; ratio to the target ${(median(decks) / 50).toFixed(3)}×`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
