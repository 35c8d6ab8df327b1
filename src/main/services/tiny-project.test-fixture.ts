import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where `tinyProject` wrote: `root` is a templates folder for `new ProjectStore(root)`. */
export interface TinyProject {
  root: string;
  id: string;
  dir: string;
}

/**
 * Write a minimal valid project folder for tests: project.json (63 × 88 mm, 3 mm bleed), a
 * front and a back template (a rect and a bound text, no images or fonts beyond `sans`), and
 * cards.csv with two cards (`A`, `B`, one copy each) unless `cards` names others; with
 * `rulebook`, a one-paragraph English rulebook (rules.en.md, no Chinese edition). The project
 * sits in `<root>/<id>/` under a fresh temp folder; nothing is cleaned up (tests remove `root`).
 * @example const { root, id } = tinyProject({ cards: ['RAT:FU', 'OX'] }); new ProjectStore(root).get(id)
 */
export function tinyProject(opts: { id?: string; cards?: string[]; root?: string; rulebook?: boolean } = {}): TinyProject {
  const id = opts.id ?? 'tiny';
  const root = opts.root ?? mkdtempSync(join(tmpdir(), 'fuqi-tiny-'));
  const dir = join(root, id);
  mkdirSync(dir, { recursive: true });
  const json = (name: string, v: unknown) => writeFileSync(join(dir, name), JSON.stringify(v, null, 2));
  json('project.json', {
    schemaVersion: 1,
    id,
    name: { zh: '小项目', en: 'Tiny project' },
    card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 },
    cards: 'cards.csv',
    templates: { front: 'front.template.json', back: 'back.template.json' },
    ...(opts.rulebook ? { rulebook: { title: { zh: '规则', en: 'Rules' }, sources: { en: 'rules.en.md' } } } : {}),
  });
  if (opts.rulebook) writeFileSync(join(dir, 'rules.en.md'), '# Rules\n\nDraw a card. Play a card.\n');
  json('front.template.json', {
    schemaVersion: 1,
    name: 'Front',
    maps: {},
    layers: [
      { id: 'paper', type: 'rect', x: 0, y: 0, w: 63, h: 88, bleedExtend: true, fill: '#F7F1E3' },
      { id: 'title', type: 'text', x: 6, y: 10, w: 51, h: 12, text: '{{title}}', face: 'sans', size: 12, color: '#1F1A17' },
    ],
  });
  json('back.template.json', {
    schemaVersion: 1,
    name: 'Back',
    maps: {},
    layers: [{ id: 'ground', type: 'rect', x: 0, y: 0, w: 63, h: 88, bleedExtend: true, fill: '#C23B22' }],
  });
  const ids = opts.cards ?? ['A', 'B'];
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  writeFileSync(join(dir, 'cards.csv'), ['id,copies,template,back,title', ...ids.map((c) => `${quote(c)},1,front,back,Card ${quote(c)}`)].join('\n') + '\n');
  return { root, id, dir };
}
