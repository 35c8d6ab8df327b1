/**
 * The table kit's shell: everything a game's table does that is not the game. A game's table
 * extends `TableShell` with its engine (`shared/engine`'s `Game`), its new-game form, its log
 * phrasing and its pace groups, and keeps only its own parts (what the person holds between clicks,
 * the board's motion, its prompts). See features/table-kit/README.md.
 *
 * Hot-seat privacy: the match's full state never reaches a component. What is rendered is always
 * `game.view(state, seat)` for the person at the screen (`viewer`), or the public view while the
 * pass-and-play curtain is up. The viewer changes only through the curtain: when a decision falls
 * to another person, the curtain comes down and that person lifts it. With one person at the
 * table there is no curtain and the view is always theirs.
 *
 * Bots think in a Web Worker (TableBots) and move after the last action has shown for its pace.
 * Every change to the match bumps `rev`, which every derived value reads.
 */
import { loadMatch, Match, type BaseMove } from '../../../shared/engine';
import type { MatchFile, TableSeat } from '../../../shared/ipc/contract';
import { botSeed } from '../features/table/model/bots';
import { sinceLastTurn } from './since-last-turn';
import { storeUndoPolicy, type ShellSetup, type UndoPolicy } from './table-kit';
import { TableShellCore } from './TableShellCore.svelte';

export type { Notice, ShellSetup, TableGame } from './table-kit';

/** One table of a game: its match with people and bots in its seats. What it holds and shows, and the game's hooks, are in TableShellCore. */
export class TableShell<S, M extends BaseMove, V, O, F extends ShellSetup<O> = ShellSetup<O>, K extends string = string> extends TableShellCore<S, M, V, O, F, K> {
  /** While paused, the bot deciding now may make one move (`stepBot`). */
  #oneStep = false;

  // ------------------------------------------------------------------ starting and loading

  /** Start a match from the new-game screen. */
  start(): void {
    const opts = this.setup.matchOptions();
    if (!opts.ok) {
      this.notice = { text: opts.message, tone: 'error' };
      return;
    }
    const seed = this.setup.seed.trim() || 'fuqi';
    this.setup.remember();
    const m = Match.create(this.game, { seed, players: this.setup.players, options: opts.options });
    this.install(m, this.setup.seatsInPlay());
    this.started(m);
    this.saveId = null;
    this.schedule();
  }

  /** Load a saved match by id (main checks it; it is replayed here again to rebuild the match). */
  async load(id: string, replay = false): Promise<boolean> {
    const loaded = await this.saves.load(id);
    if (!loaded || !this.open(loaded.match)) return false;
    this.saveId = loaded.info.id;
    const m = this.current!;
    if (replay || m.status().over) this.replay.enter(replay ? 0 : m.length);
    this.loaded();
    return true;
  }

  /** Take up the match left unfinished last time (stashed in this window's storage). */
  resume(): void {
    const rec = this.saves.stashed();
    this.saves.resumable = null;
    // Devices that played this match on the LAN table before a reload find it again.
    if (rec && this.open(rec)) void this.lan.restore();
  }

  /** Replay a record into a new match at the table. */
  protected open(rec: MatchFile): boolean {
    const r = loadMatch(this.game, JSON.stringify(rec));
    if (!r.ok) {
      this.saves.error = r.message;
      return false;
    }
    const n = r.match.init.players;
    this.install(r.match, rec.table?.seats?.length === n ? rec.table.seats : Array.from({ length: n }, (): TableSeat => ({ kind: 'human' })));
    this.opened(r.match);
    this.schedule();
    return true;
  }

  protected install(match: Match<S, M, V, O>, seats: TableSeat[]): void {
    this.bots.stop();
    // Another match at the table: the devices invited to the last one are let go.
    if (this.lan.running || this.lan.remote.size) void this.lan.stop();
    this.lines.clear();
    this.current = match;
    this.seats = seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', level: s.level ?? this.defaultLevel } : { kind: 'human' }));
    const people = this.humans;
    this.viewer = people.length === 1 ? people[0]! : null;
    this.curtain = null;
    this.dropHeld();
    this.notice = null;
    this.replay.step = null;
    this.paused = false;
    this.since = null;
    this.sinceAt = -1;
    this.reset();
    this.screen = 'play';
    this.saves.saved = null;
    this.saves.resumable = null;
    // Not changed(): callers first set what the table opens on (a hand's summary), then schedule.
    this.rev++;
    this.installed();
    this.stash();
  }

  /**
   * To the new-game screen. The match stays (the screen offers to go back to it) until another
   * starts. The seed field gets a fresh seed, so "start" plays a new match; the screen offers the
   * match's own seed as an explicit choice.
   */
  leave(): void {
    this.bots.stop();
    if (this.current && this.setup.seed.trim() === this.current.init.seed) this.setup.reroll();
    this.screen = 'setup';
    this.replay.step = null;
    this.notice = null;
    void this.saves.refresh();
  }

  /** Back from the new-game screen to the match in play. */
  backToTable(): void {
    if (!this.current) return;
    this.screen = 'play';
    this.schedule();
  }

  /** The last match's seed into the seed field ("same seed"). */
  sameSeed(): void {
    if (this.current) this.setup.seed = this.current.init.seed;
  }

  // ------------------------------------------------------------------ playing

  /**
   * Make a move for the person at the screen. A refused move changes nothing and the engine's
   * reason is shown in the player's language.
   */
  act(move: M): void {
    const m = this.current;
    if (!m || this.replay.step !== null) return;
    const r = m.apply(move);
    if (!r.ok) {
      this.notice = { text: this.messageText(r.message), tone: 'error' };
      return;
    }
    this.dropHeld();
    this.notice = null;
    this.afterMove(false);
  }

  /** The person the curtain waits for takes the screen. */
  lift(): void {
    if (this.curtain === null) return;
    this.viewer = this.curtain;
    this.curtain = null;
    this.dropHeld();
    this.offerSince(this.viewer);
  }

  /** Close the "since your last turn" summary. */
  closeSince(): void {
    this.since = null;
  }

  /** Offer `seat` what the others did since its last move, once per decision (null when nobody did anything). */
  protected offerSince(seat: number): void {
    const m = this.current;
    if (!m || this.sinceAt === m.length) return;
    this.sinceAt = m.length;
    this.since = sinceLastTurn(
      m.log.map((e) => e.move),
      seat,
      this.lines.lines(m, m.length, seat),
    );
  }

  /** Pause or resume the bots. */
  setPaused(p: boolean): void {
    this.paused = p;
    if (p) this.bots.stop();
    this.lan.refresh();
    this.schedule();
  }

  /** Whether a paused table's next decision is a bot's, which `stepBot` would let it make. */
  get botStep(): boolean {
    const seat = this.deciding;
    return this.paused && this.replay.step === null && !this.holds() && !this.status?.over && seat !== null && this.seats[seat]?.kind === 'bot';
  }

  /** While paused, let the bot whose decision it is make one move, then hold still again. */
  stepBot(): void {
    if (!this.botStep || this.bots.thinking !== null) return;
    this.#oneStep = true;
    this.schedule();
  }

  /** Player or designer undo (remembered). */
  setUndoPolicy(p: UndoPolicy): void {
    this.undoPolicy = p;
    storeUndoPolicy(p);
  }

  /** Undo back to the last decision of a person (see engine/undo.ts for who may undo how far). */
  undo(): void {
    const m = this.current;
    if (!m || this.replay.step !== null) return;
    const r = m.undoTarget(this.undoMode());
    if (!r.ok) {
      this.notice = { text: this.messageText(r.message), tone: 'error' };
      return;
    }
    this.bots.stop();
    this.truncate(r.step);
    this.rewound(true);
    this.dropHeld();
    this.notice = { text: { zh: '已撤销。', en: 'Undone.' }, tone: 'info' };
    // At an all-bot table undo steps back one move at a time, so the bots hold still.
    if (!this.humans.length) this.paused = true;
    this.changed();
    this.undone();
  }

  // ------------------------------------------------------------------ saving

  /** The record to save: seed, options and moves, plus who sat where. */
  record(): MatchFile | null {
    const m = this.current;
    return m ? { ...(m.record() as unknown as MatchFile), table: { seats: this.seats.map((s) => ({ ...s })) } } : null;
  }

  /** Save the match (over this table's previous save). */
  async save(): Promise<void> {
    const rec = this.record();
    if (!rec) return;
    const info = await this.saves.save(rec, this.saveId);
    if (info) this.saveId = info.id;
  }

  // ------------------------------------------------------------------ the loop

  protected truncate(step: number): void {
    this.current!.truncate(step);
    this.lines.forget(step);
    this.since = null;
    this.sinceAt = -1;
    this.truncated(step);
  }

  /** The match changed: show it, stash it, and hand on the next decision. */
  protected changed(): void {
    const last = this.current?.log[this.current.length - 1];
    if (this.since && last?.move.seat === this.since.seat) this.since = null;
    this.rev++;
    this.stash();
    this.lan.refresh();
    this.onChanged();
    this.schedule();
  }

  protected override stash(): void {
    const rec = this.record();
    if (rec) this.saves.stash(rec, this.current?.status().over ?? false);
  }

  /** Hand the screen to the person whose decision it is, or let the bot of that seat move. */
  protected schedule(): void {
    const m = this.current;
    if (!m || this.screen !== 'play' || this.replay.step !== null || this.holds()) return;
    const seat = this.deciding;
    if (seat === null || m.status().over) return;
    // A seat played on its own device: its move comes from the LAN table (playRemote).
    if (this.lan.plays(seat)) return;
    if (this.seats[seat]?.kind === 'human') {
      this.#handTo(seat);
      // Against bots (or when the same person decides again): what happened since, as the turn comes.
      if (this.curtain === null && this.viewer === seat) this.offerSince(seat);
      return;
    }
    if (this.paused && !this.#oneStep) return;
    this.#oneStep = false;
    const step = m.length;
    this.bots.move(
      { game: this.game.id, level: this.seats[seat]?.level ?? this.defaultLevel, seat, view: m.view(seat), legal: this.game.legalMoves(m.state, seat), seed: botSeed(m.init.seed, seat, step) },
      (move) => {
        if (m !== this.current || m.length !== step) return; // the table moved on meanwhile
        const r = m.apply(move);
        if (r.ok) return this.afterMove(true);
        this.paused = true;
        const why = this.messageText(r.message);
        this.notice = { text: { zh: `座位 ${seat + 1} 的机器人走了不合规则的一步：${why.zh}`, en: `Seat ${seat + 1}'s bot made an illegal move: ${why.en}` }, tone: 'error' };
      },
      (message) => {
        this.paused = true;
        this.notice = { text: { zh: `机器人出错：${message}`, en: `The bot failed: ${message}` }, tone: 'error' };
      },
      this.botHold(m),
    );
  }

  #handTo(seat: number): void {
    if (this.viewer === seat && this.curtain === null) return;
    if (this.humans.length <= 1) {
      this.viewer = seat;
      return;
    }
    if (this.curtain !== seat) {
      this.curtain = seat;
      this.curtainDown();
      this.notice = null;
      this.since = null;
    }
  }
}
