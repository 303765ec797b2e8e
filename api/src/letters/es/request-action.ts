/**
 * What a Spanish letter asks the decision body to do, read from the campaign's title, as English
 * does (../request-action.ts): the letter cannot know whether the campaign supports or opposes the
 * item on the agenda, so it reuses the title's own verb, or names the title as the campaign's when
 * it cannot be turned into a phrase without guessing.
 *
 * Spanish titles open with an infinitive ('Proteger el parque Riverside') or a nosotros imperative
 * ('Salvemos la biblioteca'); the request needs the verb in the present subjunctive, plural for the
 * body's members ('les pido que protejan el parque Riverside') and singular for one person or a
 * body named as the subject ('que el Concejo proteja'). Conjugations are listed, not derived: the
 * stem changes (aprobar: aprueben, invertir: inviertan) are exactly where rules go wrong.
 *
 * Titles are usually in sentence case, and then the rest of the title is carried as written: its
 * capitals are the organiser's names. A title in title case ('Salvemos El Parque Riverside') is set
 * as English sets one, word by word as the campaign's own prose writes it, and asked in general words when a word
 * is left unknown.
 */

/** Infinitive, nosotros imperative, ustedes present subjunctive. 'Creemos' is also 'we believe': crear is read as an infinitive only. */
const VERBS: readonly (readonly [string, string, string])[] = [
  ['proteger', 'protejamos', 'protejan'], ['salvar', 'salvemos', 'salven'], ['detener', 'detengamos', 'detengan'],
  ['aprobar', 'aprobemos', 'aprueben'], ['rechazar', 'rechacemos', 'rechacen'], ['construir', 'construyamos', 'construyan'],
  ['mantener', 'mantengamos', 'mantengan'], ['ampliar', 'ampliemos', 'amplíen'], ['financiar', 'financiemos', 'financien'],
  ['conservar', 'conservemos', 'conserven'], ['preservar', 'preservemos', 'preserven'], ['defender', 'defendamos', 'defiendan'],
  ['apoyar', 'apoyemos', 'apoyen'], ['respaldar', 'respaldemos', 'respalden'], ['frenar', 'frenemos', 'frenen'],
  ['parar', 'paremos', 'paren'], ['evitar', 'evitemos', 'eviten'], ['impedir', 'impidamos', 'impidan'],
  // 'Creemos' is also 'we believe': only the infinitive is read.
  ['crear', '', 'creen'], ['abrir', 'abramos', 'abran'], ['reabrir', 'reabramos', 'reabran'],
  ['mejorar', 'mejoremos', 'mejoren'], ['reparar', 'reparemos', 'reparen'], ['arreglar', 'arreglemos', 'arreglen'],
  ['restaurar', 'restauremos', 'restauren'], ['recuperar', 'recuperemos', 'recuperen'], ['renovar', 'renovemos', 'renueven'],
  ['garantizar', 'garanticemos', 'garanticen'], ['asegurar', 'aseguremos', 'aseguren'], ['aumentar', 'aumentemos', 'aumenten'],
  ['reducir', 'reduzcamos', 'reduzcan'], ['bajar', 'bajemos', 'bajen'], ['prohibir', 'prohibamos', 'prohíban'],
  ['eliminar', 'eliminemos', 'eliminen'], ['instalar', 'instalemos', 'instalen'], ['iluminar', 'iluminemos', 'iluminen'],
  ['plantar', 'plantemos', 'planten'], ['sembrar', 'sembremos', 'siembren'], ['adoptar', 'adoptemos', 'adopten'],
  ['invertir', 'invirtamos', 'inviertan'], ['extender', 'extendamos', 'extiendan'], ['terminar', 'terminemos', 'terminen'],
  ['completar', 'completemos', 'completen'], ['limpiar', 'limpiemos', 'limpien'], ['cuidar', 'cuidemos', 'cuiden'],
  ['devolver', 'devolvamos', 'devuelvan'], ['establecer', 'establezcamos', 'establezcan'], ['revitalizar', 'revitalicemos', 'revitalicen'],
  ['bloquear', 'bloqueemos', 'bloqueen'], ['hacer', 'hagamos', 'hagan'], ['traer', 'traigamos', 'traigan'],
  ['poner', 'pongamos', 'pongan'], ['dar', 'demos', 'den'], ['pavimentar', 'pavimentemos', 'pavimenten'],
  ['modernizar', 'modernicemos', 'modernicen'], ['declarar', 'declaremos', 'declaren'], ['incluir', 'incluyamos', 'incluyan'],
  ['priorizar', 'prioricemos', 'prioricen'], ['rescatar', 'rescatemos', 'rescaten'], ['cancelar', 'cancelemos', 'cancelen'],
  ['suspender', 'suspendamos', 'suspendan'], ['revertir', 'revirtamos', 'reviertan'], ['conectar', 'conectemos', 'conecten'],
  ['reforzar', 'reforcemos', 'refuercen'],
];

const SUBJUNCTIVE = new Map<string, string>(
  VERBS.flatMap(([infinitive, nosotros, ustedes]) => [[infinitive, ustedes], ...(nosotros ? [[nosotros, ustedes] as const] : [])]),
);

// Words that stay lower case mid-title, and that title case capitalises.
const SMALL_WORDS = new Set([
  'a', 'al', 'ante', 'con', 'contra', 'de', 'del', 'desde', 'en', 'entre', 'hacia', 'hasta', 'para', 'por', 'según', 'sin',
  'sobre', 'tras', 'el', 'la', 'los', 'las', 'lo', 'un', 'una', 'unos', 'unas', 'y', 'e', 'o', 'u', 'ni', 'que', 'su', 'sus',
  'mi', 'mis', 'nuestro', 'nuestra', 'nuestros', 'nuestras', 'tu', 'tus', 'este', 'esta', 'estos', 'estas', 'más', 'ya',
]);

// Common words of campaign titles that are not names when they stand alone.
const COMMON_TITLE_WORDS = new Set([
  'parque', 'parques', 'biblioteca', 'bibliotecas', 'escuela', 'escuelas', 'calle', 'calles', 'carril', 'carriles', 'ciclovía',
  'ciclovías', 'bici', 'bicicleta', 'bicicletas', 'acera', 'aceras', 'banqueta', 'banquetas', 'árbol', 'árboles', 'bosque',
  'bosques', 'humedal', 'humedales', 'río', 'vivienda', 'viviendas', 'transporte', 'público', 'pública', 'públicos', 'públicas',
  'seguro', 'segura', 'seguros', 'seguras', 'seguridad', 'nuevo', 'nueva', 'limpio', 'limpia', 'agua', 'aire', 'plan',
  'proyecto', 'propuesta', 'presupuesto', 'fondos', 'servicios', 'horario', 'horarios', 'noche', 'noches', 'tarde', 'tardes',
  'fines', 'semana', 'abierto', 'abierta', 'cierre', 'recortes', 'tala', 'cruce', 'cruces', 'semáforo', 'semáforos',
  'iluminación', 'luces', 'tránsito', 'tráfico', 'zona', 'zonas', 'verde', 'verdes', 'área', 'áreas', 'espacio', 'espacios',
  'comunitario', 'comunitaria', 'centro', 'jardín', 'jardines', 'piscina', 'familias', 'niños', 'estudiantes', 'residentes',
  'barrio', 'barrios', 'vecindario', 'zonificación', 'desarrollo', 'impuestos', 'tarifas', 'salud', 'clínica', 'autobús',
  'autobuses', 'ruta', 'rutas', 'paso', 'peatonal', 'peatonales', 'sendero', 'senderos', 'plaza', 'comunidad', 'local', 'locales',
  'gratuito', 'gratuita', 'asequible', 'asequibles', 'todos', 'todas', 'hoy', 'ahora', 'mejor', 'mejores',
]);

type Casing = 'name' | 'lower' | 'unknown';

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const bounded = (s: string) => `(?<![\\p{L}\\p{N}])${s}(?![\\p{L}\\p{N}])`;
const capitalised = (w: string) => /^\p{Lu}[\p{Ll}'-]*$/u.test(w);
const small = (w: string) => SMALL_WORDS.has(w.toLowerCase());

/** A run of two or more capitalised words found as written in the prose is a name. */
const isNameIn = (prose: string, run: string[]) => new RegExp(bounded(run.map(escaped).join('\\s+')), 'u').test(prose);

/** How the campaign's prose writes one capitalised title word. */
function casingIn(prose: string, word: string): Casing {
  const forms = [word, word.replace(/s$/, ''), word.replace(/es$/, ''), `${word}s`].filter((f, i, all) => f.length > 1 && all.indexOf(f) === i);
  for (const form of forms) {
    if (new RegExp(bounded(escaped(form.toLowerCase())), 'u').test(prose)) return 'lower';
  }
  // Capitalised mid-sentence, not just after a full stop or at the start.
  if (new RegExp(`[\\p{Ll},;:]\\s+${bounded(escaped(word))}`, 'u').test(prose)) return 'name';
  return COMMON_TITLE_WORDS.has(word.toLowerCase()) ? 'lower' : 'unknown';
}

/**
 * Title case capitalises every word that carries meaning, and then its small words too ('Salvemos
 * Nuestra Biblioteca') or at least two of them ('Proteger Riverside Park'). One word in lower case
 * is sentence case, whose capitals are names: 'Salvemos el parque Las Palmas'.
 */
function isTitleCase(words: string[]): boolean {
  const content = words.filter((w) => /\p{L}/u.test(w) && !small(w));
  if (!content.every((w) => /^\p{Lu}/u.test(w))) return false;
  return content.length >= 2 || words.some((w) => small(w) && capitalised(w));
}

/** The title's words after the verb, as they read mid-sentence; null when one is left unknown. */
function sentenceCase(words: string[], prose: string): string[] | null {
  if (!isTitleCase(words)) return words;
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    const w = words[i]!;
    if (!capitalised(w)) {
      out.push(w);
      i++;
      continue;
    }
    let end = i + 1;
    while (end < words.length && capitalised(words[end]!)) end++;
    const run = words.slice(i, end);
    if (run.length > 1 && isNameIn(prose, run)) {
      // 'El Paso', 'Parque Riverside': a name as the prose writes it.
      out.push(...run);
    } else {
      for (const word of run) {
        if (small(word)) {
          out.push(word.toLowerCase());
          continue;
        }
        const casing = casingIn(prose, word);
        if (casing === 'unknown') return null;
        out.push(casing === 'lower' ? word.toLowerCase() : word);
      }
    }
    i = end;
  }
  return out;
}

export interface SpanishAction {
  /** Completes "les pido que ...": 'protejan el parque Riverside'. */
  phrase: string;
  /** The same for one person or a body as the subject: 'proteja el parque Riverside'. */
  singular: string;
  /** True when the title could not be read as a request, and the letter asks in general words. */
  general: boolean;
}

/** The ustedes form's first word without its final 'n' is the usted (and él, ella) form: 'protejan' -> 'proteja'. */
const action = (phrase: string, general = false): SpanishAction => ({ phrase, singular: phrase.replace(/^(\S+)n(?=\s|$)/, '$1'), general });

/** What a letter asks when the title says nothing it can use: the points and the writer's words say the rest. */
export const GENERAL_ACTION_ES = 'tengan plenamente en cuenta lo que expongo en esta carta al decidir';

/** The general ask, for a writer whose position is not what the title asks (against it, or neutral). */
export const generalActionEs = (): SpanishAction => action(GENERAL_ACTION_ES, true);

/**
 * 'Salvemos la biblioteca Eastside' -> 'salven la biblioteca Eastside'; 'No al cierre de la
 * biblioteca' -> 'rechacen el cierre de la biblioteca'; 'Vecinos contra la cantera', which is no
 * request, -> the general ask. `prose` is the campaign's own text.
 */
export function requestedActionEs(title: string, prose: string): SpanishAction {
  const t = title
    .trim()
    .replace(/^[¡¿]+/, '')
    .replace(/[.!?]+$/, '')
    .replace(/^(vamos a|hay que)\s+/i, '')
    .trim();
  // Never the title quoted as if it were people or a place ('los residentes que impulsan «...»').
  const general = generalActionEs();
  // 'Sí a la Medida B', 'No al cierre': support and opposition; what follows is the organiser's, as written.
  const yesNo = /^(sí|si|no)\s+(a|al)\s+(.+)$/iu.exec(t);
  if (yesNo) {
    const verb = yesNo[1]!.toLowerCase() === 'no' ? 'rechacen' : 'respalden';
    return action(`${verb} ${yesNo[2]!.toLowerCase() === 'al' ? 'el ' : ''}${yesNo[3]}`);
  }
  const words = t.split(/\s+/);
  const verb = SUBJUNCTIVE.get(words[0]!.toLowerCase());
  if (!verb || words.length < 2) return general;
  const rest = sentenceCase(words.slice(1), prose);
  return rest ? action([verb, ...rest].join(' ')) : general;
}
