/**
 * The documented limits of a project folder. A project is untrusted input (it may come from git,
 * a friend or a download), so everything that reads, lays out or exports one stops at these
 * sizes with a message that names the limit, instead of running out of memory or stack. Each
 * limit is far above what a real card game needs (斗福: 52 cards, 9 columns, 20 layers).
 */
export const PROJECT_LIMITS = {
  /** Bytes of one text file of a project (project.json, a template, cards.csv, a rulebook source). */
  fileBytes: 16 * 1024 * 1024,
  /** Rows (cards) in cards.csv. */
  rows: 10_000,
  /** Columns in cards.csv. */
  columns: 200,
  /** Characters in one cell of cards.csv. */
  cellChars: 20_000,
  /** Templates listed in project.json. */
  templates: 100,
  /** Layers in one template. */
  layers: 500,
  /** Pixels of one source image (width × height), checked before it is decoded. */
  imagePixels: 100_000_000,
  /** Millimetres of one side of an image box (a board is at most A1, 841 mm). */
  imageBoxMm: 1_200,
  /** Bytes of one image file of a project. */
  imageBytes: 64 * 1024 * 1024,
  /** Bytes of an imported spreadsheet (XLSX) once unpacked, all its parts together, checked before inflating. */
  sheetUnpackedBytes: 128 * 1024 * 1024,
  /** Parts (zip entries) of an imported spreadsheet (XLSX). */
  sheetParts: 2_000,
  /** Nesting depth of lists and block quotes in a rulebook source. */
  markdownNesting: 16,
  /** Groups inside groups in a template (a group at the top level is depth 1). */
  groupDepth: 8,
  /** Columns of one table layer. */
  tableColumns: 50,
  /** Rows one table layer lays out; rows past it are left off with a warning, like rows past the card's edge. */
  tableRows: 200,
  /** Cells of all table layers of one template together (a table's columns × its rows; a bound table counts `tableRows` rows). */
  tableCells: 5_000,
  /** The smallest row height of a table layer, in millimetres (a 4 pt line is 1.4 mm). */
  tableRowHeightMm: 0.5,
  /** Characters of a text layer's text or a table layer's rows, as written in the template. */
  templateTextChars: 20_000,
  /** Shrink-to-fit text layers in one template (each may be typeset a dozen times per card). */
  shrinkLayers: 100,
} as const;

/**
 * A project file that must not be read: it leaves the project folder (an absolute path, `..`, a
 * symlink pointing outside), is not a regular file, is over a limit, or is not UTF-8 text. The
 * project reader throws it; the loader turns it into a problem naming the file.
 */
export class ProjectFileError extends Error {
  override name = 'ProjectFileError';
  constructor(
    /** The file as the project names it (relative to the project folder). */
    public readonly file: string,
    /** What is wrong and how to fix it. */
    message: string,
  ) {
    super(message);
  }
}
