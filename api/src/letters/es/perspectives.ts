/**
 * The Spanish letter's shared lists, written in Spanish, each as long as its English counterpart
 * (../perspectives.ts) and joined to a perspective's own part the same way, so two perspectives
 * never share a framing sentence and two writers of one rarely do. The voices are in voices.ts.
 *
 * The register is a formal public comment written in the US: neutral Latin American Spanish, the
 * decision body addressed as ustedes (usted when the letter goes to one person). A part that
 * speaks to the reader marks what changes with that number: 'le{s}' (les / le), 'usted{es}',
 * and a verb's final 'n' as '{n}' ('tome{n}': tomen / tome). es/phrasebook.ts resolves them.
 *
 * The writer's gender is unknown, so nothing here describes the writer with a word that has one
 * (no 'convencido', 'jubilado', 'vecina'): what they do or have says who they are.
 */

/** Opens the second sentence: 'Esto me importa porque' + a motive. */
export const MOTIVE_LEADS = [
  'Esto me importa porque',
  'Alzo la voz porque',
  'Me preocupa este asunto porque',
  'Me tomo el tiempo de escribir porque',
  'No podía quedarme en silencio porque',
  'Hoy tomo la palabra porque',
  'Para mí es importante porque',
] as const;

/** Opens a reflection: 'Para mí,' + 'los niños se fijan en lo que su comunidad decide proteger'. */
export const REFLECTION_LEADS = [
  'Al fin y al cabo,',
  'Para mí,',
  'En pocas palabras,',
  'He llegado a creer que',
  'He aprendido que',
  'A mi modo de ver,',
  'Creo que',
  'Me parece que',
  'La experiencia me dice que',
] as const;

/** Opens the sentence that says for whom the writer asks: 'Lo pido' + ' por los niños que crecen en Springfield.' */
export const STAKE_LEADS = ['Lo pido', 'Hago esta petición', 'Escribo', 'Se lo pido', 'Alzo la voz', 'Añado mi nombre'] as const;

/**
 * How the thanks name the writer: 'y por' + a hearing + a listener. Each ends in 'a' or 'de', so
 * no listener starts with 'el' (which would have to become 'al', 'del').
 */
export const HEARING_VERBS = ['escuchar a', 'prestar oído a', 'tener en cuenta la opinión de', 'considerar el punto de vista de', 'atender la voz de'] as const;

/** The thanks, completed by a hearing. */
export const THANKS = [
  'Gracias por su tiempo',
  'Gracias por leer mi carta',
  'Gracias por su servicio a nuestra comunidad',
  'Gracias por el cuidado con que lee{n} los comentarios del público',
  'Gracias por la atención que dedica{n} a esta carta',
  'Gracias por su trabajo en esta decisión',
] as const;

/** The sign-offs a Spanish letter may close with. */
export const CLOSINGS = ['Atentamente,', 'Respetuosamente,'] as const;
