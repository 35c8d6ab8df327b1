/** A new blank project: its project.json, front and back templates, sample cards and rules outline. */
import { CARD_SIZE_PRESETS } from '../../shared/cards/schema';
import { templateText } from '../../shared/cards/serialize';
import { jsonText, tableToCsv, type CardTable } from './project-write';
import { rulesSkeleton } from './rules-skeleton';
import { slug } from './user-project-registry';

/** A project name: one for both languages, or each its own. */
export type NameArg = string | { zh: string; en: string };
/** A name in both languages, trimmed. */
export const both = (n: NameArg): { zh: string; en: string } => (typeof n === 'string' ? { zh: n.trim(), en: n.trim() } : { zh: n.zh.trim(), en: n.en.trim() });

/** What a new blank project is made of. */
export interface CreateArg {
  name: NameArg;
  card: { preset: Exclude<keyof typeof CARD_SIZE_PRESETS, never> } | { width: number; height: number };
  bleed?: number;
  safe?: number;
  cornerRadius?: number;
}

const r2 = (n: number): number => Math.round(n * 100) / 100;

/** The files of a new blank project: project.json, a front with a title and body text, a plain back, cards.csv, and the outline of its rules in Chinese and English. */
export function blankProjectFiles(arg: CreateArg): Record<string, string> {
  const name = both(arg.name);
  const preset = 'preset' in arg.card ? arg.card.preset : 'custom';
  const size = 'preset' in arg.card ? CARD_SIZE_PRESETS[arg.card.preset] : { width: arg.card.width, height: arg.card.height, bleed: 3 };
  const W = size.width;
  const H = size.height;
  const safe = arg.safe ?? 3;
  const s = Math.min(safe, W / 4, H / 4);
  const titleH = r2(Math.max(3, Math.min(14, H * 0.16)));
  const bodyY = r2(s + 2 + titleH + 3);
  const project = {
    schemaVersion: 1,
    id: slug(name.en) || slug(name.zh) || 'my-project',
    name,
    card: { preset, width: W, height: H, bleed: arg.bleed ?? size.bleed, safe, cornerRadius: arg.cornerRadius ?? 3 },
    cards: 'cards.csv',
    templates: { front: 'front.template.json', back: 'back.template.json' },
    credits: [],
  };
  const front = {
    schemaVersion: 1,
    name: `${name.zh === name.en ? name.en : `${name.zh} ${name.en}`} front`,
    maps: {},
    layers: [
      { id: 'background', type: 'rect', x: 0, y: 0, w: W, h: H, bleedExtend: true, fill: '#FFF8EC' },
      { id: 'frame', type: 'rect', x: r2(s), y: r2(s), w: r2(W - 2 * s), h: r2(H - 2 * s), radius: 2, fill: 'none', stroke: '#C23B22', strokeWidth: 0.5 },
      { id: 'title', type: 'text', x: r2(s + 2), y: r2(s + 2), w: r2(W - 2 * s - 4), h: titleH, text: '{{name}}', face: 'sans-bold', size: 14, color: '#3A2A1E', align: 'center', valign: 'middle', fit: 'shrink', minSize: 6 },
      { id: 'body', type: 'text', x: r2(s + 3), y: bodyY, w: r2(W - 2 * s - 6), h: r2(Math.max(1, H - bodyY - s - 3)), text: '{{text}}', face: 'sans', size: 9, color: '#3A2A1E', lineHeight: 1.4, fit: 'shrink', minSize: 5 },
    ],
  };
  const back = {
    schemaVersion: 1,
    name: `${name.zh === name.en ? name.en : `${name.zh} ${name.en}`} back`,
    maps: {},
    layers: [
      { id: 'background', type: 'rect', x: 0, y: 0, w: W, h: H, bleedExtend: true, fill: '#C23B22' },
      { id: 'frame', type: 'rect', x: r2(s), y: r2(s), w: r2(W - 2 * s), h: r2(H - 2 * s), radius: 2, fill: 'none', stroke: '#E0B45A', strokeWidth: 0.6 },
      { id: 'title', type: 'text', x: r2(s + 2), y: r2(s + 2), w: r2(W - 2 * s - 4), h: r2(H - 2 * s - 4), text: name.zh, face: 'brush', size: 28, color: '#E0B45A', align: 'center', valign: 'middle', fit: 'shrink', minSize: 6 },
    ],
  };
  const cards: CardTable = {
    columns: ['id', 'copies', 'name', 'text'],
    rows: [
      ['card-1', '2', '春 Spring', '摸一张牌。Draw a card.'],
      ['card-2', '1', '夏 Summer', '拿两张，还一张。Take two, give one back.'],
      ['card-3', '1', '秋 Autumn', '跳过你的回合。Skip your turn.'],
    ],
  };
  return {
    'project.json': jsonText(project),
    'front.template.json': templateText(front),
    'back.template.json': templateText(back),
    'cards.csv': tableToCsv(cards),
    ...rulesSkeleton(name, cards.rows[0]![0]!),
  };
}
