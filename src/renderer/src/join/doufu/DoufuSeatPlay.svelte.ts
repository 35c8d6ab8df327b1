/**
 * Playing one 斗福 seat from its own device: the same tap-to-pick, tap-to-place rules as the table
 * (features/table/model/input.ts decides what a tap does from the packet's legal moves), with the
 * move sent to the host instead of applied here. A tap that would be illegal is sent anyway, so the
 * host's engine refuses it and says why, exactly as the table does for a click; a tap that does
 * nothing gets the table's hint. What is held is forgotten when the packet moves on.
 */
import type { DoufuMove } from '../../../../shared/games/doufu/types';
import type { DoufuView } from '../../../../shared/games/doufu/view';
import { clickHint } from '../../features/table/model/hints';
import { aimSkill, answerSkill, legalSpots, NO_PICK, resolveClick, spotKey, type Pick, type SkillAim, type SkillStage, type Spot } from '../../features/table/model/input';
import type { Text } from '../../features/table/model/log';
import type { RemoteSeat } from '../RemoteSeat.svelte';
import { deviceHandEnd, type DeviceHandEnd } from './hand-end';

const NO_SPOTS: ReadonlySet<string> = new Set();

export class DoufuSeatPlay {
  /** What the player holds between two taps, and the packet step it was picked at. */
  #pick = $state.raw<{ pick: Pick; at: number }>({ pick: NO_PICK, at: -1 });
  /** A hint for a tap that did nothing (cleared by the next tap or packet). */
  #hint = $state.raw<{ text: Text; at: number } | null>(null);
  /** The hand ends the player has not closed yet (newest last). */
  #endsShown = $state.raw<DeviceHandEnd[]>([]);
  #lastEndStep = -1;

  constructor(readonly remote: RemoteSeat) {}

  get view(): DoufuView | null {
    const p = this.remote.packet;
    return p && p.game === 'doufu' ? (p.view as DoufuView) : null;
  }

  get step(): number {
    return this.remote.packet?.step ?? -1;
  }

  /** The seat this device plays (null: a spectator). */
  get seat(): number | null {
    return this.remote.packet?.seat ?? null;
  }

  /** The moves the player may make now (none while the host holds the table or a move is on its way). */
  get legal(): DoufuMove[] {
    return this.remote.legal as DoufuMove[];
  }

  get pick(): Pick {
    return this.#pick.at === this.step ? this.#pick.pick : NO_PICK;
  }

  get hint(): Text | null {
    return this.#hint && this.#hint.at === this.step ? this.#hint.text : null;
  }

  /** Keys of the places whose tap makes progress now (lit). */
  readonly spots: ReadonlySet<string> = $derived.by(() => {
    const v = this.view;
    const seat = this.seat;
    const legal = this.legal;
    if (!v || seat === null || !legal.length) return NO_SPOTS;
    return new Set(legalSpots(v, seat, legal, this.pick).map(spotKey));
  });

  /** The skill being aimed, if any. */
  get aim(): SkillAim | null {
    const p = this.pick;
    return p.kind === 'skill' ? aimSkill(this.legal, p.card, p.chosen) : null;
  }

  /** The seat whose decision it is (the first of the packet's `toAct`), or null. */
  get deciding(): number | null {
    return this.remote.packet?.status.toAct[0] ?? null;
  }

  /** The oldest hand end the player has not closed yet. */
  get handEnd(): DeviceHandEnd | null {
    return this.#endsShown[0] ?? null;
  }

  closeHandEnd(): void {
    this.#endsShown = this.#endsShown.slice(1);
  }

  /** A tap on a place of the board. */
  tap(spot: Spot): void {
    const v = this.view;
    const seat = this.seat;
    if (!v || seat === null) return;
    this.#hint = null;
    const legal = this.legal;
    if (!legal.length && (this.remote.waiting || this.remote.packet?.held)) return;
    const r = resolveClick(v, seat, legal, this.pick, spot);
    if (r.do === 'pick') this.#pick = { pick: r.pick, at: this.step };
    else if (r.do === 'move' || r.do === 'try') this.act(r.move);
    else this.#hint = { text: clickHint(v, legal, this.pick, spot, null), at: this.step };
  }

  /** Answer the current skill question (from the prompt's buttons). */
  answer(stage: SkillStage, value: string | number): void {
    const p = this.pick;
    if (p.kind === 'skill') this.#pick = { pick: answerSkill(p, stage, value), at: this.step };
  }

  /** Put down whatever is held. */
  drop(): void {
    this.#pick = { pick: NO_PICK, at: this.step };
  }

  /** Send a move to the host. */
  act(move: DoufuMove): void {
    if (this.remote.act(move)) this.#pick = { pick: NO_PICK, at: this.step };
  }

  /** Queue the hand end the newest packet shows, once per packet (the board calls it on every packet). */
  notePacket(): void {
    const p = this.remote.packet;
    if (!p || p.game !== 'doufu' || p.step === this.#lastEndStep) return;
    const first = this.#lastEndStep < 0;
    this.#lastEndStep = p.step;
    const prev = this.remote.previous;
    const before = prev && prev.game === 'doufu' && prev.step < p.step ? (prev.view as DoufuView) : null;
    // A device that opens on a finished match still says how it ended; mid-match it waits for the next end.
    if (!before && !(first && (p.view as DoufuView).winners)) return;
    const end = deviceHandEnd(before, p.view as DoufuView);
    if (end) this.#endsShown = [...this.#endsShown, end];
  }
}
