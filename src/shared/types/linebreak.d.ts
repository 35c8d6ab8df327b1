/** Types for `linebreak` (UAX #14 line breaking), which ships none. */
declare module 'linebreak' {
  interface Break {
    /** Index in the string after which a line may (or must) break. */
    position: number;
    /** A mandatory break (newline). */
    required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
