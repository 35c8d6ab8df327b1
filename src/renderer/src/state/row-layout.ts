import { walkOps } from '../../../shared/cards/draw-list';
import { layoutFace } from '../../../shared/cards/layout';
import { rowCard } from '../../../shared/cards/row-card';
import type { CardSet, CardSetFile } from '../../../shared/cards/schema';
import type { RenderedProject, WindowApi } from '../../../shared/ipc/contract';
import { charsOf, TableMeasurer } from '../features/editor/measurer';
import { prepareTemplate } from '../features/editor/face';
import type { TemplateJson } from '../features/editor/layers';

/**
 * The data page's row laid out in the page itself, so a typed character repaints the preview in
 * the same frame instead of after a round trip to the host and a worker. It lays out with the
 * host's own glyph widths (the template editor's measurer) and the pictures of the host's last
 * answer, and gives up — the host's answer then paints — whenever it could differ: templates not
 * loaded or one that does not load, a character not measured yet (asked for, so the next keystroke
 * has it), a picture the host has not sent. The host's answer always follows and is what stays.
 */
export class RowLayout {
  readonly #api: Pick<WindowApi, 'TEMPLATES_OPEN' | 'TEMPLATES_MEASURE'>;
  readonly #projectId: string;
  readonly #measurer = new TableMeasurer();
  #set: CardSet | null = null;
  #loading: Promise<void> | null = null;
  #measuring = false;

  constructor(api: Pick<WindowApi, 'TEMPLATES_OPEN' | 'TEMPLATES_MEASURE'>, projectId: string) {
    this.#api = api;
    this.#projectId = projectId;
  }

  /** Read the templates again (they changed on disk, or the host drew something else). */
  invalidate(): void {
    this.#set = null;
    this.#loading = null;
  }

  /** Load the templates and the widths of `text`'s characters (once, until invalidated). */
  load(text = ''): Promise<void> {
    this.#loading ??= (async () => {
      try {
        const o = await this.#api.TEMPLATES_OPEN({ projectId: this.#projectId });
        const templates: CardSet['templates'] = {};
        for (const e of o.templates) {
          if (e.problem || !e.template) return;
          const p = prepareTemplate(e.template as TemplateJson);
          if (p.problems.size > 0) return;
          templates[e.name] = p.template;
        }
        this.#measurer.add(await this.#api.TEMPLATES_MEASURE({ chars: charsOf(text, JSON.stringify(o.templates.map((t) => t.template))).slice(0, 20_000), projectId: this.#projectId }));
        const file = { card: { preset: 'custom', ...o.card }, templateRules: o.rules } as unknown as CardSetFile;
        this.#set = { file, cards: [], templates };
      } catch {
        this.#set = null;
      }
    })();
    return this.#loading;
  }

  /**
   * The row as the host would answer it, or undefined when only the host can say (see the class).
   * `prev` is the host's last answer: its pictures and project summary are reused.
   */
  layout(columns: readonly string[], row: readonly string[], prev: RenderedProject | null): RenderedProject | undefined {
    const set = this.#set;
    if (!set || !prev || !this.#measurer.ready) return undefined;
    try {
      const { card, warnings: rowWarnings } = rowCard(columns, row, new Set(Object.keys(set.templates)), set.file.templateRules);
      const f = layoutFace(set, card, 'front', this.#measurer);
      const b = layoutFace(set, card, 'back', this.#measurer);
      const wanted = this.#measurer.takeWanted();
      if (wanted) {
        this.#measure(wanted);
        return undefined;
      }
      let known = true;
      for (const face of [f, b]) walkOps(face.list.ops, (op) => void (op.op === 'image' && !(op.ref in prev.images) && (known = false)));
      if (!known) return undefined;
      const warnings: RenderedProject['warnings'] = [...rowWarnings];
      for (const w of [...f.warnings, ...b.warnings]) warnings.push({ cardId: w.cardId, layer: w.layer, message: w.message });
      return {
        summary: prev.summary,
        cards: [{ id: card.id, copies: card.copies, fields: { ...card.fields }, front: { cardId: card.id, side: 'front', template: card.template, list: f.list }, back: { cardId: card.id, side: 'back', template: card.back, list: b.list } }],
        images: prev.images,
        warnings,
        total: 1,
        offset: 0,
      };
    } catch {
      return undefined;
    }
  }

  /** Ask the host for the widths of characters met for the first time. */
  #measure(chars: string): void {
    if (this.#measuring) return;
    this.#measuring = true;
    this.#api.TEMPLATES_MEASURE({ chars: chars.slice(0, 20_000), projectId: this.#projectId }).then(
      (t) => this.#measurer.add(t),
      () => {},
    ).finally(() => (this.#measuring = false));
  }
}
