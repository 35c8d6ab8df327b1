import type { AddedArt, ArtFile, WindowApi } from '../../../../../shared/ipc/contract';
import type { MessageKey } from '../../../i18n/catalogue';
import { fileToBase64 } from '../import/file-bytes';

/** The largest image `projects:add-art` takes (30 MB). */
export const ART_MAX_BYTES = 30 * 1024 * 1024;

/** A message to show: a catalogue key with parameters, or a text main wrote in both languages. */
export type ArtMessage = { key: MessageKey; params: Record<string, string> } | { text: { zh: string; en: string } };

export const ERROR_KEYS: Record<string, MessageKey> = {
  'art/unsupported': 'art.error.unsupported',
  'art/bad-image': 'art.error.bad-image',
  'art/bad-svg': 'art.error.bad-svg',
  'art/too-large': 'art.error.too-large',
  'art/folder': 'art.error.folder',
  'projects/read-only': 'art.readonly',
};

/** A failed add as a message naming the file. */
export function artFailure(e: unknown, name: string): ArtMessage {
  const key = ERROR_KEYS[(e as { code?: string })?.code ?? ''];
  return key ? { key, params: { name } } : { key: 'art.error.other', params: { message: (e as Error)?.message ?? String(e) } };
}

/**
 * The art picker's state: the project's art files (with thumbnails) and adding dropped or chosen
 * images, one after the other, with what each answered (its ref and warnings, or why it failed).
 */
export class ArtLibrary {
  files = $state.raw<ArtFile[]>([]);
  loading = $state(false);
  /** What the last adds said, newest last. */
  messages = $state.raw<ArtMessage[]>([]);
  busy = $state<string | null>(null);

  constructor(
    private readonly api: Pick<WindowApi, 'PROJECTS_ART' | 'PROJECTS_ADD_ART'>,
    private readonly projectId: string,
  ) {}

  /** (Re)load the list. */
  async load(): Promise<void> {
    this.loading = true;
    try {
      this.files = (await this.api.PROJECTS_ART({ projectId: this.projectId })).files;
    } catch (e) {
      this.messages = [{ key: 'art.error.other', params: { message: (e as Error).message } }];
    } finally {
      this.loading = false;
    }
  }

  /** Add images; answers the ones added, in order. */
  async add(files: readonly (Blob & { name: string })[]): Promise<AddedArt[]> {
    const added: AddedArt[] = [];
    const messages: ArtMessage[] = [];
    for (const f of files) {
      this.busy = f.name;
      if (f.size > ART_MAX_BYTES) {
        messages.push({ key: 'art.error.too-large', params: { name: f.name } });
        continue;
      }
      try {
        const a = await this.api.PROJECTS_ADD_ART({ projectId: this.projectId, fileName: f.name, bytes: await fileToBase64(f) });
        added.push(a);
        messages.push({ key: 'art.added', params: { ref: a.path } });
        for (const w of a.warnings) messages.push({ text: w.message });
      } catch (e) {
        messages.push(artFailure(e, f.name));
      }
    }
    this.busy = null;
    this.messages = messages;
    if (added.length) await this.load();
    return added;
  }
}
