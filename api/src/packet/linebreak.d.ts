/** linebreak (UAX #14 line breaking, the package pdfkit itself wraps with) ships no types. */
declare module 'linebreak' {
  interface Break {
    /** Where a line may end: the index of the first character of the next line. */
    position: number;
    /** A hard break (a newline character). */
    required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
