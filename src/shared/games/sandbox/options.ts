/**
 * The sandbox's match options are the table set up (`SandboxOptions`): saved in every match file,
 * so a save replays on the table it was played on even after `table.json` or the cards changed.
 * A save file is untrusted: its options are checked here, with the same limits as `table.json`.
 */
import { z } from 'zod';
import { engineError } from '../../engine/errors';
import type { ParsedOptions } from '../../engine/types';
import { issueText } from './issues';
import { readTableFile, TABLE_LIMITS } from './table-file';
import type { SandboxOptions } from './types';

const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const local = z.object({ zh: z.string().max(80), en: z.string().max(80) });
const action = z.discriminatedUnion('do', [
  z.object({ do: z.literal('shuffle'), zone: id }),
  z.object({ do: z.literal('deal'), from: id, to: id, count: z.number().int().min(1).max(100) }),
  z.object({ do: z.literal('gather'), from: id, to: id }),
  z.object({ do: z.literal('flip'), zone: id, face: z.enum(['up', 'down']) }),
  z.object({ do: z.literal('draw'), from: id, count: z.number().int().min(1).max(100) }),
]);
const max = TABLE_LIMITS.items;
const schema = z.object({
  zones: z
    .array(z.object({ id, kind: z.enum(['pile', 'hand', 'area']), name: local, face: z.enum(['up', 'down']), perSeat: z.boolean(), layout: z.enum(['stack', 'free', 'grid']), columns: z.number().int().min(1).max(20).optional() }))
    .min(1)
    .max(max),
  start: z.array(z.object({ zone: id, cards: z.array(z.string().max(200)).max(TABLE_LIMITS.cards) })).max(max),
  counters: z.array(z.object({ id, name: local, perSeat: z.boolean(), start: z.number().finite(), min: z.number().finite().optional(), max: z.number().finite().optional() })).max(max),
  dice: z.array(z.object({ id, name: local, faces: z.array(z.string().max(40)).min(2).max(TABLE_LIMITS.dieFaces) })).max(max),
  board: z.object({ image: z.string().max(200), pieces: z.array(z.object({ id, name: local, color: z.string().max(20), x: z.number().min(0).max(1), y: z.number().min(0).max(1) })).max(max) }).nullable(),
  buttons: z.array(z.object({ id, label: local, actions: z.array(action).min(1).max(20) })).max(max),
  setup: z.array(action).max(20),
});

/** The table a project without `table.json` and without cards gets: the default zones, empty. */
export const DEFAULT_OPTIONS: SandboxOptions = readTableFile(null, []).options;

/** Check options from a save file or the table's set-up (the whole table, or refused with the field named). */
export function parseOptions(input: unknown): ParsedOptions<SandboxOptions> {
  if (input === undefined) return { ok: true, options: DEFAULT_OPTIONS, warnings: [] };
  const r = schema.safeParse(input);
  if (!r.success) {
    const t = issueText(r.error, input);
    return engineError('match/bad-setup', `牌桌的设置无效：${t.zh}。如果这是一份存档，它的牌桌用不了：从项目的 table.json 开一局新的试玩。`, `The table's set-up is not valid: ${t.en}. If this is a save, its table cannot be used: start a new playtest from the project's table.json.`);
  }
  const o = r.data as SandboxOptions;
  const total = o.start.reduce((n, s) => n + s.cards.length, 0);
  if (total > TABLE_LIMITS.cards) return engineError('match/bad-setup', `牌桌最多 ${TABLE_LIMITS.cards} 张牌，这里有 ${total} 张：减少 table.json 里的张数再开局。`, `A table holds at most ${TABLE_LIMITS.cards} cards; this one has ${total}: lower the counts in table.json and start again.`);
  const zoneIds = new Set(o.zones.map((zn) => zn.id));
  if (zoneIds.size !== o.zones.length) return engineError('match/bad-setup', '牌桌的区域标识有重复：每个区域要有自己的标识，改好 table.json 再开局。', "The table's zone ids repeat: give each zone its own id in table.json and start again.");
  const missing = o.start.find((s) => !zoneIds.has(s.zone));
  if (missing) return engineError('match/bad-setup', `牌桌的设置提到了不存在的区域 "${missing.zone}"：在 table.json 里加上这个区域，或改成已有的区域再开局。`, `The table's set-up names a zone that does not exist, "${missing.zone}": add that zone to table.json, or name an existing one, and start again.`);
  return { ok: true, options: o, warnings: [] };
}
