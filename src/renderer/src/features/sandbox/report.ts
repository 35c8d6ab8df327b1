/**
 * A playtest exported from the sandbox table: a Markdown report a designer reads (the setup, the
 * whole log with the notes in place, the final counters) and JSON Lines a script reads (one
 * record per line: the setup, each move with its words, each note, the end). Both name every
 * card: an export is the designer's record of the session, made after it.
 */
import { counterKeys, zoneKeys, zoneName } from '../../../../shared/games/sandbox';
import type { PlaytestNote, TableSeat } from '../../../../shared/ipc/contract';
import type { LogLine } from '../table/model/log';
import { eventLines, type SandboxMatch } from './sandbox-log';

type Lang = 'zh' | 'en';

export interface PlaytestExport {
  match: SandboxMatch;
  seats: readonly TableSeat[];
  notes: readonly PlaytestNote[];
  /** The designer's log (every card named, notes in place). */
  log: readonly LogLine[];
  names: Readonly<Record<string, string>>;
  project: string;
  /** When the export was made (ms since 1970). */
  at: number;
}

const seat = (s: number, lang: Lang) => (lang === 'zh' ? `座位 ${s + 1}` : `Seat ${s + 1}`);
const md = (s: string) => s.replace(/([\\`*_[\]|<>#])/g, '\\$1').replace(/\r?\n/g, ' ');

function counterName(m: SandboxMatch, key: string, lang: Lang): string {
  const [id, owner] = key.split('@');
  const def = m.init.options.counters.find((c) => c.id === id);
  const name = def ? def.name[lang] : key;
  return owner === undefined ? name : `${seat(Number(owner), lang)} · ${name}`;
}

/** The playtest as a Markdown report in one language. */
export function markdownReport(x: PlaytestExport, lang: Lang): string {
  const m = x.match;
  const o = m.init.options;
  const s = m.state;
  const zh = lang === 'zh';
  const out: string[] = [];
  out.push(`# ${zh ? '试玩报告' : 'Playtest report'} · ${md(x.project)}`, '');
  out.push(`- ${zh ? '导出时间' : 'Exported'}: ${new Date(x.at).toISOString()}`);
  out.push(`- ${zh ? '种子' : 'Seed'}: \`${m.init.seed}\``);
  const who = (t: TableSeat) => (t.kind === 'human' ? (zh ? '玩家' : 'person') : zh ? '空座' : 'empty');
  out.push(`- ${zh ? '座位' : 'Seats'}: ${x.seats.map((t, i) => `${seat(i, lang)} (${who(t)})`).join(', ')}`);
  out.push(`- ${zh ? '动作数' : 'Moves'}: ${m.length}${s.ended ? (zh ? '（已结束）' : ' (ended)') : ''}`, '');
  out.push(`## ${zh ? '设置' : 'Setup'}`, '');
  out.push(`| ${zh ? '区域' : 'Zone'} | ${zh ? '开局' : 'At start'} | ${zh ? '结束时' : 'At the end'} |`, '|---|---:|---:|');
  const startState = m.stateAt(0);
  for (const k of zoneKeys(o, m.init.players)) out.push(`| ${md(zoneName(o, k, lang))} | ${startState.zones[k]?.length ?? 0} | ${s.zones[k]?.length ?? 0} |`);
  out.push('');
  if (o.dice.length) out.push(`${zh ? '骰子' : 'Dice'}: ${o.dice.map((d) => `${md(d.name[lang])} (${d.faces.map(md).join('/')})`).join('; ')}`, '');
  if (o.buttons.length) out.push(`${zh ? '按钮' : 'Buttons'}: ${o.buttons.map((b) => md(b.label[lang])).join('; ')}`, '');
  out.push(`## ${zh ? '记录' : 'Log'}`, '');
  for (const l of x.log) out.push(`${l.kind === 'info' ? '> ' : '- '}${l.move >= 0 ? `**${l.move + 1}.** ` : ''}${md(l.text[lang])}`);
  out.push('', `## ${zh ? '最终计数' : 'Final counters'}`, '');
  const keys = counterKeys(o, m.init.players);
  if (!keys.length) out.push(zh ? '（没有计数器）' : '(no counters)');
  else {
    out.push(`| ${zh ? '计数器' : 'Counter'} | ${zh ? '数值' : 'Value'} |`, '|---|---:|');
    for (const k of keys) out.push(`| ${md(counterName(m, k, lang))} | ${s.counters[k] ?? 0} |`);
  }
  if (x.notes.length) {
    out.push('', `## ${zh ? '笔记' : 'Notes'}`, '');
    for (const n of x.notes) out.push(`- ${new Date(n.at).toISOString()} (${zh ? '第' : 'after move '}${n.step}${zh ? ' 步后' : ''}): ${md(n.text)}`);
  }
  return out.join('\n') + '\n';
}

/** The playtest as JSON Lines: `setup`, then `move` and `note` records in order, then `end`. */
export function jsonlReport(x: PlaytestExport): string {
  const m = x.match;
  const o = m.init.options;
  const name = (id: string) => x.names[id] ?? id;
  const rows: unknown[] = [{ type: 'setup', project: x.project, seed: m.init.seed, players: m.init.players, seats: x.seats, options: o, exportedAt: new Date(x.at).toISOString() }];
  const notes = [...x.notes].sort((a, b) => a.step - b.step || a.at - b.at);
  let k = 0;
  const flush = (step: number) => {
    for (; k < notes.length && notes[k]!.step <= step; k++) rows.push({ type: 'note', step: notes[k]!.step, at: new Date(notes[k]!.at).toISOString(), text: notes[k]!.text });
  };
  flush(0);
  m.log.forEach((entry, i) => {
    const text = eventLines(entry.events, i, o, 'all', name).map((l) => l.text);
    rows.push({ type: 'move', step: i + 1, seat: entry.move.seat, move: entry.move, events: entry.events, text });
    flush(i + 1);
  });
  flush(Number.POSITIVE_INFINITY);
  rows.push({ type: 'end', moves: m.length, ended: m.state.ended, counters: m.state.counters, dice: m.state.dice });
  return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

/** Offer a file as a download (browser mode; the desktop app writes it into the export folder, `table:export`). */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
