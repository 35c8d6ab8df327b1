/**
 * The project's own fonts: the list (`projects:fonts`), adding a font file
 * with its licence (`projects:add-font`), editing a licence, and registering each font with the
 * page (a FontFace made from the file's bytes, `projects:font-bytes`) so the canvas draws text in
 * it. A FontFace built from bytes fetches nothing, so the page's font-src policy is unchanged.
 */
import type { AppError, Bilingual, ProjectFontInfo, WindowApi } from '../../../../shared/ipc/contract';
import { FONT_ADD_MB } from '../../../../shared/ipc/contract';
import { faceCss } from '../../../../shared/cards/fonts';
import type { ProjectFaceId } from '../../../../shared/cards/draw-list';
import type { MessageKey } from '../../i18n/catalogue';
import { fileToBase64, fromBase64 } from '../data/import/file-bytes';

/**
 * Which project's font each page-wide family holds now. Families are named by the face id alone
 * (`fuqi-font <file>`, what the SVG writer puts in `font-family`), so two projects with a font file
 * of the same name take turns: the project being shown registers its own over the other's.
 */
const onPage = new Map<string, { projectId: string; face: FontFace }>();

/** A message to show: a catalogue key with parameters, or a text main wrote in both languages. */
export type FontMessage = { key: MessageKey; params: Record<string, string>; error?: boolean } | { text: Bilingual; error?: boolean };

/** The channels the fonts panel uses. */
export type FontsApi = Pick<WindowApi, 'PROJECTS_FONTS' | 'PROJECTS_ADD_FONT' | 'PROJECTS_FONT_BYTES' | 'PROJECTS_FONT_LICENCE'>;

/** A failure as a message: main's bilingual sentence when it sent one, else a catalogue line. */
export function fontFailure(e: unknown, name: string): FontMessage {
  const err = e as Partial<AppError>;
  const text = (err.details as { message?: Bilingual } | undefined)?.message;
  if (text && typeof text.zh === 'string' && typeof text.en === 'string') return { text, error: true };
  if (err.code === 'projects/read-only') return { key: 'fonts.readonly', params: {}, error: true };
  return { key: 'fonts.error.other', params: { name, message: err.message ?? String(e) }, error: true };
}

/** The fonts panel's state; one per open project (TemplateDoc.fonts). */
export class ProjectFonts {
  fonts = $state.raw<ProjectFontInfo[]>([]);
  loading = $state(false);
  busy = $state<string | null>(null);
  /** What the last action said. */
  messages = $state.raw<FontMessage[]>([]);
  /** Faces registered with the page (their FontFace loaded). */
  ready = $state.raw<ReadonlySet<string>>(new Set());
  readonly #registering = new Map<string, Promise<void>>();

  constructor(
    private readonly api: FontsApi,
    private readonly projectId: string,
    /** Called after a font was added (to measure the new face). */
    private readonly onadded: () => void = () => {},
  ) {}

  /** List the project's fonts and register the usable ones with the page. */
  async load(): Promise<void> {
    this.loading = true;
    try {
      this.fonts = (await this.api.PROJECTS_FONTS({ projectId: this.projectId })).fonts;
      await Promise.all(this.fonts.filter((f) => !f.problem).map((f) => this.register(f.face)));
    } catch (e) {
      this.messages = [fontFailure(e, '')];
    } finally {
      this.loading = false;
    }
  }

  /**
   * Make a project face drawable on the page (again, when another project's font of the same
   * file name took its family meanwhile). Failures leave the fallback face.
   */
  register(face: ProjectFaceId): Promise<void> {
    const family = faceCss(face).family;
    let p = this.#registering.get(face);
    if (p && onPage.get(family)?.projectId !== this.projectId) p = undefined;
    if (!p) {
      p = (async () => {
        if (typeof FontFace === 'undefined' || typeof document === 'undefined') return;
        const { bytes } = await this.api.PROJECTS_FONT_BYTES({ projectId: this.projectId, face });
        const data = fromBase64(bytes);
        const ff = new FontFace(family, data.buffer as ArrayBuffer);
        await ff.load();
        const before = onPage.get(family);
        if (before) document.fonts.delete(before.face);
        document.fonts.add(ff);
        onPage.set(family, { projectId: this.projectId, face: ff });
        this.ready = new Set([...this.ready, face]);
      })().catch((e: unknown) => {
        this.#registering.delete(face);
        this.messages = [...this.messages, { key: 'fonts.error.preview', params: { face, message: (e as Error).message ?? String(e) }, error: true }];
      });
      this.#registering.set(face, p);
    }
    return p;
  }

  /** Add a font file with its licence text; answers the new face, or undefined when refused. */
  async add(file: File, licence: string): Promise<ProjectFaceId | undefined> {
    if (file.size > FONT_ADD_MB * 1024 * 1024) {
      this.messages = [{ key: 'fonts.error.too-large', params: { name: file.name, mb: String(FONT_ADD_MB) }, error: true }];
      return undefined;
    }
    this.busy = file.name;
    try {
      const added = await this.api.PROJECTS_ADD_FONT({ projectId: this.projectId, fileName: file.name, bytes: await fileToBase64(file), licence });
      this.messages = [{ key: 'fonts.added', params: { family: added.font.family, face: added.font.face } }, ...added.warnings.map((w) => ({ text: w.message }))];
      this.fonts = [...this.fonts.filter((f) => f.face !== added.font.face), added.font].sort((a, b) => a.file.localeCompare(b.file));
      await this.register(added.font.face);
      this.onadded();
      return added.font.face;
    } catch (e) {
      this.messages = [fontFailure(e, file.name)];
      return undefined;
    } finally {
      this.busy = null;
    }
  }

  /** Set a font's licence text. */
  async setLicence(face: ProjectFaceId, licence: string): Promise<void> {
    try {
      const info = await this.api.PROJECTS_FONT_LICENCE({ projectId: this.projectId, face, licence });
      this.fonts = this.fonts.map((f) => (f.face === face ? info : f));
      this.messages = [{ key: 'fonts.licenceSaved', params: { family: info.family } }];
    } catch (e) {
      this.messages = [fontFailure(e, face)];
    }
  }
}
