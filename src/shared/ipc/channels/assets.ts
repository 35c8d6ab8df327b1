/** A project's art and fonts: adding them, listing them, a font's bytes and licence. */
import type { Bilingual } from './app';
import type { ImportWarning } from './sheets';

/** The assets channels: `domain:verb` names by key. */
export const ASSETS_CHANNELS = {
  /** Copy an image (PNG, JPEG, WebP, SVG) into a user project's `art/` folder, checked and (SVG) sanitised. */
  PROJECTS_ADD_ART: 'projects:add-art',
  /** The images of a project's `art/` folder, with small thumbnails for the art picker. */
  PROJECTS_ART: 'projects:art',
  /** Copy a font (TTF, OTF, WOFF2) into a user project's `fonts/` folder, checked by parsing and test-embedding it, with its licence. */
  PROJECTS_ADD_FONT: 'projects:add-font',
  /** The fonts of a project's `fonts/` folder: face id, family, glyph count, licence, or why one cannot be used. */
  PROJECTS_FONTS: 'projects:fonts',
  /** The bytes of one project font (base64), for the editor's preview to draw with (FontFace). */
  PROJECTS_FONT_BYTES: 'projects:font-bytes',
  /** Set the licence text of a project font (its `fonts/<file>.licence.txt`). */
  PROJECTS_FONT_LICENCE: 'projects:font-licence',
} as const;

/** An image to add to a project's art folder. */
export interface AddArtArg {
  projectId: string;
  fileName: string;
  /** The file's bytes, base64 (at most 30 MB decoded). */
  bytes: string;
}

/** An image added to `art/`. */
export interface AddedArt {
  /** The image reference to write in a cell or a layer's source: `file:art/<name>` (what image layers and image columns take). */
  ref: string;
  /** The file's path in the project: `art/<name>`. */
  path: string;
  /** Pixel size (an SVG's rendered size at 72 dpi, as sharp reads it). */
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'webp' | 'svg';
  /** Pixels per inch when the image spans the card's full width; null for SVG (vector: sharp at any size). */
  dpiAtCard: number | null;
  /** Low resolution for the card size, parts removed from an SVG, a renamed file. */
  warnings: ImportWarning[];
}

/** A font to add to a project's `fonts/` folder. */
export interface AddFontArg {
  projectId: string;
  fileName: string;
  /** The file's bytes, base64 (at most FONT_ADD_MB decoded). */
  bytes: string;
  /** The font's licence as the designer gives it (a name such as "SIL OFL 1.1", or the text); empty: the font's own licence field, if it has one. */
  licence: string;
}

/** The largest font file a project takes, in MB (a full CJK face is 10–25 MB). */
export const FONT_ADD_MB = 40;

/** A font of a project's `fonts/` folder. */
export interface ProjectFontInfo {
  /** The face id templates use: `font:<file>`. */
  face: `font:${string}`;
  /** The file name inside `fonts/`. */
  file: string;
  bytes: number;
  format: 'ttf' | 'otf' | 'woff2';
  /** Family and style from the font's name table (the file name when it has none). */
  family: string;
  style: string;
  /** The PostScript name the PDF embeds it under (before the subset tag). */
  postscriptName: string;
  glyphs: number;
  /** How many characters it maps, and whether it covers common Chinese (一 to 龥 sampled). */
  characters: number;
  cjk: boolean;
  /** The licence text (`fonts/<file>.licence.txt`), first line shown in credits; empty when none was given. */
  licence: string;
  /** Designer / copyright from the font's name table, for the credits. */
  who: string;
  /** Why the font cannot be used (damaged, not a font, embedding not allowed), in both languages. */
  problem?: Bilingual;
}

/** A font added to `fonts/`. */
export interface AddedFont {
  font: ProjectFontInfo;
  /** A renamed file (name taken), no licence given, a licence taken from the font itself. */
  warnings: ImportWarning[];
}

export interface ArtFile {
  /** Its image reference, `file:art/<name>`, as cells and layers hold it. */
  ref: string;
  /** Its path in the project, `art/<name>`. */
  path: string;
  name: string;
  bytes: number;
  format: 'png' | 'jpeg' | 'webp' | 'svg';
  width: number;
  height: number;
  /** A PNG data URL at most 128 px on its long side; absent when the file cannot be read as an image. */
  thumb?: string;
  /** Why the file cannot be used (not an image, too large…), in both languages. */
  problem?: Bilingual;
}

/** The arguments and results of the assets channels. */
export interface AssetsInvokeMap {
  [ASSETS_CHANNELS.PROJECTS_ADD_ART]: (arg: AddArtArg) => AddedArt;
  [ASSETS_CHANNELS.PROJECTS_ART]: (arg: { projectId: string }) => { files: ArtFile[]; folder: string | null };
  [ASSETS_CHANNELS.PROJECTS_ADD_FONT]: (arg: AddFontArg) => AddedFont;
  [ASSETS_CHANNELS.PROJECTS_FONTS]: (arg: { projectId: string }) => { fonts: ProjectFontInfo[] };
  [ASSETS_CHANNELS.PROJECTS_FONT_BYTES]: (arg: { projectId: string; face: string }) => { bytes: string };
  [ASSETS_CHANNELS.PROJECTS_FONT_LICENCE]: (arg: { projectId: string; face: string; licence: string }) => ProjectFontInfo;
}
