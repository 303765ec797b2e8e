/**
 * What lets anyone check a hearing packet (issue 26 point 9): each letter's SHA-256 and the CSV's,
 * with the sentence that says how. The PDF and HTML print them in their integrity appendix; the
 * CSV carries each letter's beside it (render.ts).
 */
// Defined below render.ts, which puts it in the CSV; the appendix takes everything from here.
export { letterDigest } from './letter-digest';
export { packetCsvDigest } from './render';

// The appendix's words live with the packet's other words (words.ts), which the PDF worker loads.
export { INTEGRITY_HOW_TO_CHECK } from './words';
