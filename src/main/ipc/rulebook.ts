import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';
import { typesetProjectRulebook } from '../services/rulebook';

/** `rulebook:*` handlers: typeset pages for the preview, and export jobs. */
export function rulebookHandlers(s: Services): Pick<Handlers, typeof IpcChannel.RULEBOOK_RENDER | typeof IpcChannel.RULEBOOK_START> {
  const deps = { projects: s.projects, fonts: s.fonts, assets: s.assets.forProject };
  return {
    [IpcChannel.RULEBOOK_RENDER]: async (req) => {
      const { book, imageDirs } = unwrap(typesetProjectRulebook(deps, req));
      const images: Record<string, string> = {};
      for (const [ref, dir] of imageDirs) {
        const url = await s.assets.dataUrl(ref, dir);
        if (url) images[ref] = url;
      }
      return { pages: book.pages, toc: book.toc, warnings: book.warnings, images };
    },
    [IpcChannel.RULEBOOK_START]: (req) => unwrap(s.print.startRulebook(req)),
  };
}
