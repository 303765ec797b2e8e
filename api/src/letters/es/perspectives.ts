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

/** Completes an introduction: 'Crío a mis hijos en Springfield' + ' y ' + 'sigo de cerca esta decisión'. */
export const INTRODUCTION_ENDS = [
  'quiero compartir mi opinión antes de que tome{n} una decisión',
  'deseo que mi comentario conste en el registro público',
  'espero que mi punto de vista le{s} sea útil',
  'le{s} pido que lea{n} esta carta como mi comentario público',
  'sigo de cerca esta decisión',
  'me dirijo a usted{es} por la decisión que tiene{n} ante sí',
  'quiero que mi voz cuente antes de que decida{n}',
] as const;

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

/** After a talking point, joined to an aside; 'esto' is the point. Each reads right after a statement or a request. */
export const REMARKS = [
  'estoy plenamente de acuerdo con esto',
  'espero que esto tenga el peso que merece',
  'no puedo tratar esto como un asunto menor',
  'le{s} pido que tenga{n} esto presente al decidir',
  'creo que esto merece una respuesta cuidadosa',
  'quiero que esto conste en el registro',
  'considero esto central en la decisión que tiene{n} ante sí',
  'sé cuánto importa esto',
  'le{s} pediría que sopese{n} esto con cuidado',
  'respaldo este punto sin reservas',
  'le{s} ruego que no deje{n} esto de lado',
  'esto es, sobre todo, lo que me mueve a escribir',
  'no podría estar más de acuerdo',
  'espero que esto pese en su decisión',
  'no veo cómo se puede pasar esto por alto',
  'cuento esto entre los puntos más importantes que tiene{n} ante sí',
  'no quisiera que esto se perdiera en el debate',
  'creo que esto debería guiar su decisión',
  'espero que esto reciba la atención que merece',
  'me tomo esto en serio y espero que usted{es} también',
  'considero esto esencial',
  'quiero que sepa{n} cuánto peso le doy a esto',
  'creo que esto habla por sí solo',
  'pondría esto entre las primeras prioridades',
] as const;

/** Before a talking point, joined to an aside. */
export const PREFACES = [
  'quiero subrayar un punto en particular',
  'le{s} pido que considere{n} el siguiente punto',
  'quisiera sumar mi voz a un punto en particular',
  'quisiera añadir un punto que me importa',
  'hay un punto que me parece especialmente importante',
  'quisiera llamar su atención sobre el siguiente punto',
  'hay algo más que espero que tenga{n} en cuenta',
  'quiero asegurarme de que este punto se escuche',
  'quiero expresar mi apoyo al siguiente punto',
  'espero que tenga{n} presente un punto',
  'el siguiente punto me importa mucho',
  'quisiera recalcar un punto',
  'quiero dejar clara mi postura sobre un punto',
  'le{s} pido que preste{n} atención al siguiente punto',
  'permíta{n}me añadir un punto',
  'quisiera respaldar el siguiente punto',
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
  'Gracias por considerar mis comentarios',
  'Gracias por la atención que dedica{n} a esta carta',
  'Gracias por su trabajo en esta decisión',
] as const;

/** The sign-offs a Spanish letter may close with. */
export const CLOSINGS = ['Atentamente,', 'Respetuosamente,'] as const;
