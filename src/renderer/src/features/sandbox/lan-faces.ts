/**
 * The sandbox table's card faces as the LAN table sends them to players' own devices: each face
 * as one SVG document (the deck's layout, trimmed to the card with rounded corners, its images
 * inline as data: URLs, its text in the print fonts the join page loads too), named by a key made
 * from its markup. Its clip-path ids start with LAN_FACE_IDS; a device gives every copy it draws
 * ids of its own (two copies of one card on a page would share them otherwise).
 */
import { drawListToSvg } from '../../../../shared/cards/svg';
import type { RenderedFace } from '../../../../shared/ipc/contract';
import { LAN_FACE_IDS, LAN_MAX_FACE, type LanCards } from '../../../../shared/lan/protocol';
import type { SandboxView } from '../../../../shared/games/sandbox/types';
import { SCREEN_CORNER_MM } from '../../state/face-svg';
import { faceKey, sandboxCards, type LanFace } from '../../state/lan-packets';
import type { TableFaces } from './faces';

const made = new WeakMap<object, LanFace | null>();

/** A face for devices (null: too large to send; the device shows the card's name). Cached per rendered face. */
export function deviceFace(face: RenderedFace, images: Readonly<Record<string, string>>): LanFace | null {
  let f = made.get(face.list);
  if (f === undefined) {
    const svg = drawListToSvg(face.list, { text: 'text', imageHref: (ref) => images[ref], showBleed: false, cornerRadius: SCREEN_CORNER_MM, idPrefix: LAN_FACE_IDS });
    f = svg.length <= LAN_MAX_FACE ? { key: faceKey(svg), svg } : null;
    made.set(face.list, f);
  }
  return f;
}

/** The faces one table has named to devices, by key, for the LAN table to send on. */
export class DeviceFaces {
  #byKey = new Map<string, string>();
  #of: TableFaces | null = null;

  /** What `view`'s seat may see of the cards, with the faces `faces` draws. */
  cards(view: SandboxView, faces: TableFaces | null, names: Readonly<Record<string, string>>): LanCards {
    if (faces !== this.#of) {
      this.#of = faces;
      this.#byKey = new Map();
    }
    const keep = (f: LanFace | null): LanFace | null => {
      if (f) this.#byKey.set(f.key, f.svg);
      return f;
    };
    const front = (id: string) => {
      const r = faces?.front.get(id);
      return r ? keep(deviceFace(r, faces!.images)) : null;
    };
    return sandboxCards(view, names, front, faces?.back ? keep(deviceFace(faces.back, faces.images)) : null);
  }

  face(key: string): string | undefined {
    return this.#byKey.get(key);
  }
}
