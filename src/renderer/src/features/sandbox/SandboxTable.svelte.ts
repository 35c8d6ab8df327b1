/**
 * A project's sandbox table on the table kit's shell (state/TableShell.svelte.ts: seats, the
 * curtain between people, undo, saves, replay). The game is shared/games/sandbox: any project's
 * cards with no rules coded. What this class adds is what a person's hands do between moves — the
 * cards they have picked up (`selected`) — the playtest's notes, which ride with the save, the
 * project's card names for the log, and the playtest's export (report.ts).
 *
 * Privacy is the shell's: only `view` (the seat at the screen's, or the public one behind the
 * curtain) reaches a component, so another seat's hand is never in the page.
 */
import { sandbox, type SandboxMove, type SandboxOptions, type SandboxState, type SandboxView } from '../../../../shared/games/sandbox';
import type { MatchFile, PlaytestNote, WindowApi } from '../../../../shared/ipc/contract';
import { api } from '../../api';
import type { LogLine } from '../table/model/log';
import { TablePace } from '../../state/TablePace.svelte';
import { TableShell } from '../../state/TableShell.svelte';
import type { TableHost } from '../../state/table-kit';
import { SandboxLines, type SandboxMatch } from './sandbox-log';
import type { LanCards } from '../../../../shared/lan/protocol';
import type { TableFaces } from './faces';
import { DeviceFaces } from './lan-faces';
import { SANDBOX_EMPTY_SEAT, SandboxSetup } from './sandbox-setup.svelte';

/** A move as a component asks for it: the seat is the one at the screen. */
export type SandboxAsk = SandboxMove extends infer T ? (T extends SandboxMove ? Omit<T, 'seat'> : never) : never;

/** The longest playtest note (characters). */
export const NOTE_MAX = 2000;

export class SandboxTable extends TableShell<SandboxState, SandboxMove, SandboxView, SandboxOptions, SandboxSetup> implements TableHost {
  /** The cards (their indices on the table) the person at the screen has picked up. */
  selected = $state.raw<number[]>([]);
  /** The playtest's notes, each after the move it was written at. */
  notes = $state.raw<PlaytestNote[]>([]);
  /** Card id → its name in the project's data (for the log); ids not there show as they are. */
  names = $state.raw<Record<string, string>>({});
  /** The project's rendered faces (set by the table's view), which players' own devices are sent. */
  faces = $state.raw<TableFaces | null>(null);
  readonly projectId: string;
  readonly #device = new DeviceFaces();

  constructor(projectId: string, windowApi: WindowApi = api) {
    const setup = new SandboxSetup(windowApi, projectId);
    let self: SandboxTable | undefined;
    super(projectId, windowApi, {
      game: sandbox,
      setup,
      pacing: new TablePace<string>([], 'fuqi.table.pace.sandbox'),
      lines: new SandboxLines(
        (id) => self?.names[id] ?? id,
        () => self?.notes ?? [],
      ),
      defaultBotLevel: SANDBOX_EMPTY_SEAT,
      privateViews: true,
    });
    self = this;
    this.projectId = projectId;
  }

  /** The match (its options and seed) for the export and the setup's description. */
  get sandboxMatch(): SandboxMatch | null {
    return this.match;
  }

  /** The seat at the screen may act now (its turn, live table, curtain lifted). */
  get canAct(): boolean {
    return this.legal.length > 0;
  }

  // ------------------------------------------------------------------ the person's hands

  /** Make a move as the seat at the screen. */
  ask(move: SandboxAsk): void {
    const seat = this.shownSeat;
    if (seat === null) return;
    this.act({ ...move, seat } as SandboxMove);
  }

  /** Pick a card up, or put it down again (`add`: keep the others picked up). */
  toggle(i: number, add: boolean): void {
    const has = this.selected.includes(i);
    this.selected = add ? (has ? this.selected.filter((x) => x !== i) : [...this.selected, i]) : has && this.selected.length === 1 ? [] : [i];
  }

  /** The cards picked up that are still on the table as this seat sees it. */
  picked(): number[] {
    const v = this.view;
    if (!v) return [];
    const here = new Set(Object.values(v.zones).flatMap((z) => z.map((c) => c.i)));
    return this.selected.filter((i) => here.has(i));
  }

  protected override dropHeld(): void {
    this.selected = [];
  }

  /** The first shared pile with cards (where D draws and S shuffles), or null. */
  mainPile(): string | null {
    const v = this.view;
    const m = this.match;
    if (!v || !m) return null;
    const pile = m.init.options.zones.find((z) => z.kind === 'pile' && !z.perSeat && (v.zones[z.id]?.length ?? 0) > 0);
    return pile?.id ?? null;
  }

  /** A keyboard shortcut (F flip, R rotate, S shuffle, D draw, Space roll); true when it did something. */
  shortcut(key: string): boolean {
    if (!this.canAct) return false;
    const picked = this.picked();
    const k = key.toLowerCase();
    if (k === 'f' && picked.length) this.ask({ type: 'flip', cards: picked });
    else if (k === 'r' && picked.length) this.ask({ type: 'rotate', cards: picked, by: 90 });
    else if (k === 's' && this.mainPile()) this.ask({ type: 'shuffle', zone: this.mainPile()! });
    else if (k === 'd' && this.mainPile()) this.ask({ type: 'draw', from: this.mainPile()!, count: 1 });
    else if (k === ' ' && this.match?.init.options.dice[0]) this.ask({ type: 'roll', die: this.match.init.options.dice[0].id });
    else return false;
    return true;
  }

  // ------------------------------------------------------------------ players' own devices

  /** A device's seat sees the cards its view names, by their names and faces, never another's. */
  protected override lanCards(view: SandboxView, _seat: number | null): LanCards {
    return this.#device.cards(view, this.faces, this.names);
  }

  protected override lanFace(key: string): string | undefined {
    return this.#device.face(key);
  }

  // ------------------------------------------------------------------ notes

  /** Add a playtest note after the move on screen (kept with the save). */
  addNote(text: string): boolean {
    const t = text.trim().slice(0, NOTE_MAX);
    if (!t || !this.match) return false;
    this.notes = [...this.notes, { step: this.length, at: Date.now(), text: t }];
    this.stash();
    return true;
  }

  /** The whole log as the designer reads it (every card named), with the notes. */
  designerLog(): LogLine[] {
    const m = this.match;
    return m ? new SandboxLines((id) => this.names[id] ?? id, () => this.notes).lines(m, m.length, 'all') : [];
  }

  // ------------------------------------------------------------------ saves carry the notes

  override record(): MatchFile | null {
    const rec = super.record();
    if (!rec) return null;
    return { ...rec, table: { ...rec.table, project: this.projectId, ...(this.notes.length ? { notes: this.notes.map((n) => ({ ...n })) } : {}) } };
  }

  protected override reset(): void {
    this.notes = [];
  }

  protected override open(rec: MatchFile): boolean {
    const ok = super.open(rec);
    if (ok) this.notes = (rec.table?.notes ?? []).map((n) => ({ ...n }));
    return ok;
  }
}

const tables = new Map<string, SandboxTable>();

/** The sandbox table of a project, created on first use (it outlives the view). */
export function sandboxTableFor(projectId: string): SandboxTable {
  let t = tables.get(projectId);
  if (!t) {
    $effect.root(() => {
      t = new SandboxTable(projectId);
    });
    tables.set(projectId, t!);
  }
  return t!;
}
