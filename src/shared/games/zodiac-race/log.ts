/**
 * A log line for each event, in Chinese and English (the table's log and replays narrate with it).
 * Seats are shown 1-based, as the tables name them ("Seat 2" / "座位 2", a space before the CJK
 * that follows).
 */
import type { GameEvent, LocalText } from '../../engine/types';
import { ZODIAC_NAMES, type PowerId, type Zodiac } from './types';

const POWER_TEXT: Record<PowerId, LocalText> = {
  R1: { zh: '鼠·掷1走10', en: 'Rat: a 1 moves 10' },
  R2: { zh: '鼠·妙窃', en: 'Rat: Sly Theft' },
  O1a: { zh: '牛·冲劲（4格）', en: 'Ox: Charge (4)' },
  O1b: { zh: '牛·冲劲（10格）', en: 'Ox: Charge (10)' },
  O2: { zh: '牛·交换代币', en: 'Ox: swap tokens' },
  T1: { zh: '虎·咆哮', en: 'Tiger: Roar' },
  T2: { zh: '虎·合计12咆哮', en: 'Tiger: Roar with 12' },
  RB: { zh: '兔·骄傲', en: 'Rabbit: Pride' },
  D: { zh: '龙·神速', en: 'Dragon: Godspeed' },
  S1: { zh: '蛇·毒液', en: 'Snake: Venom' },
  H1: { zh: '马·超越再掷', en: 'Horse: overtaking roll' },
  H2: { zh: '马·疾步', en: 'Horse: Gallop' },
  SH1: { zh: '羊·高产', en: 'Sheep: Bountiful' },
  SH2: { zh: '羊·双代币前进', en: 'Sheep: pair move' },
  M1: { zh: '猴·附随', en: 'Monkey: attach' },
  M1c: { zh: '猴·继续附随', en: 'Monkey: keep riding' },
  M2: { zh: '猴·抢代币', en: 'Monkey: steal' },
  M3: { zh: '猴·直接变换', en: 'Monkey: free transform' },
  RO1: { zh: '鸡·单数加倍', en: 'Rooster: odd doubled' },
  RO2: { zh: '鸡·双数再掷', en: 'Rooster: even rolls again' },
  DG: { zh: '狗·警觉（无效）', en: 'Dog: Alert (negate)' },
  P1: { zh: '猪·脂肪壁垒', en: 'Pig: fat wall' },
  P1b: { zh: '猪·夺代币', en: 'Pig: grab' },
  P2: { zh: '猪·厚脂肪+4', en: 'Pig: +4' },
};

const seatZh = (x: unknown) => `座位 ${Number(x) + 1}`;
const seatEn = (x: unknown) => `Seat ${Number(x) + 1}`;
const z = (x: unknown) => ZODIAC_NAMES[x as Zodiac] ?? { zh: String(x), en: String(x) };
const list = (x: unknown) => (Array.isArray(x) ? x.join(',') : String(x));

/** The log line of an event, or null for bookkeeping events a log skips. */
export function narrate(e: GameEvent): LocalText | null {
  const a = seatZh(e.seat);
  const b = seatEn(e.seat);
  switch (e.type) {
    case 'choose':
      return { zh: `${a} 选择了${z(e.zodiac).zh}`, en: `${b} chose the ${z(e.zodiac).en}` };
    case 'turn':
      return { zh: `—— ${a} 的回合 ——`, en: `— ${b}'s turn —` };
    case 'roll':
      return { zh: `${a} 掷出 ${list(e.dice)}${e.kind === 'bonus' ? '（奖励掷骰）' : ''}`, en: `${b} rolled ${list(e.dice)}${e.kind === 'bonus' ? ' (bonus roll)' : ''}` };
    case 'rollMove':
      return { zh: `${a} ${e.back ? '中毒后退' : '前进'} ${e.total} 格`, en: `${b} ${e.back ? 'moves back (poisoned)' : 'moves'} ${e.total}` };
    case 'move':
      return { zh: `${a} 从 ${e.from} 到 ${e.to}`, en: `${b} from ${e.from} to ${e.to}` };
    case 'moveEnd':
      return { zh: `${a} 停在第 ${e.at} 格`, en: `${b} stops on square ${e.at}` };
    case 'lap':
      return { zh: `${a} 跑完一圈：${e.laps} 分`, en: `${b} completes a lap: ${e.laps} points` };
    case 'win':
      return { zh: `胜利：${(e.winners as number[]).map(seatZh).join('、')}`, en: `Winner: ${(e.winners as number[]).map(seatEn).join(', ')}` };
    case 'gain':
      return { zh: `${a} 获得代币 ${list(e.values)}`, en: `${b} gains token(s) ${list(e.values)}` };
    case 'pay':
      return { zh: `${a} 消耗代币 ${list(e.values)}`, en: `${b} pays ${list(e.values)}` };
    case 'discard':
      return { zh: `${a} 放回一个 ${e.v}（上限 12）`, en: `${b} returns a ${e.v} (cap 12)` };
    case 'transform':
      return { zh: `${a} 从${z(e.from).zh}变换为${z(e.to).zh}`, en: `${b} transforms from ${z(e.from).en} to ${z(e.to).en}` };
    case 'power': {
      const p = POWER_TEXT[e.power as PowerId];
      const tgt = e.target !== undefined && e.power !== 'DG' ? { zh: `，对象 ${seatZh(e.target)}`, en: ` on ${seatEn(e.target)}` } : { zh: '', en: '' };
      return { zh: `${a} 发动 ${p.zh}${tgt.zh}`, en: `${b} uses ${p.en}${tgt.en}` };
    }
    case 'negated':
      return { zh: `${seatZh(e.by)} 的狗令 ${POWER_TEXT[e.power as PowerId]?.zh ?? ''} 无效`, en: `${seatEn(e.by)}'s Dog negates ${POWER_TEXT[e.power as PowerId]?.en ?? ''}` };
    case 'roared':
      return { zh: `${a} 胆怯了（下回合只能前进 1 格）`, en: `${b} is roared (next turn: 1 square only)` };
    case 'poisoned':
      return { zh: `${a} 中毒了（下回合掷骰反向）`, en: `${b} is poisoned (next turn's rolls go backward)` };
    case 'proud':
      return { zh: `${a} 骄傲：本回合不掷，下回合掷三次`, en: `${b} is proud: no roll now, three dice next turn` };
    case 'attach':
      return { zh: `${a} 附在 ${seatZh(e.host)} 身上`, en: `${b} rides on ${seatEn(e.host)}` };
    case 'detach':
      return { zh: `${a} 解除附随`, en: `${b} detaches` };
    case 'barrier':
      return { zh: `${a} 形成脂肪壁垒`, en: `${b} raises the fat wall` };
    case 'bounce':
      return { zh: `${a} 被 ${seatZh(e.pig)} 的壁垒反弹 ${e.back} 格`, en: `${b} bounces ${e.back} off ${seatEn(e.pig)}'s wall` };
    case 'grab':
      return { zh: `${a} 从 ${seatZh(e.from)} 夺走一个 ${e.v}`, en: `${b} grabs a ${e.v} from ${seatEn(e.from)}` };
    case 'steal':
      return { zh: `${a} 从 ${seatZh(e.from)} 抢走一个 ${e.v}`, en: `${b} steals a ${e.v} from ${seatEn(e.from)}` };
    case 'give':
      return { zh: `${a} 给 ${seatZh(e.to)} 一个 ${e.v}`, en: `${b} gives ${seatEn(e.to)} a ${e.v}` };
    case 'exchange':
      return { zh: `${a} 用 ${e.give} 换 ${seatZh(e.to)} 的 ${e.take}`, en: `${b} swaps a ${e.give} for ${seatEn(e.to)}'s ${e.take}` };
    case 'offer':
      return { zh: `${a} 提议用 ${e.give} 换 ${seatZh(e.to)} 的 ${e.take}`, en: `${b} offers ${seatEn(e.to)} a ${e.give} for a ${e.take}` };
    case 'decline':
      return { zh: `${a} 谢绝了 ${seatZh(e.to)} 的交换`, en: `${b} declines ${seatEn(e.to)}'s exchange` };
    case 'lose':
      return { zh: `${a} 失去全部 ${e.n} 个 ${e.v}`, en: `${b} loses all ${e.n} ${e.v}s` };
    case 'bonusRolls':
      return { zh: `${a} 获得 ${e.n} 次奖励掷骰`, en: `${b} gains ${e.n} bonus rolls` };
    case 'starStop':
      return { zh: `${a} 停在变换格 ${e.at}（放弃 ${e.forfeit} 步）`, en: `${b} stops on star ${e.at} (forfeits ${e.forfeit})` };
    case 'skipBonus':
      return { zh: `${a} 放弃奖励掷骰`, en: `${b} skips the bonus roll(s)` };
    default:
      return null;
  }
}
