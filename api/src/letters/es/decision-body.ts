/**
 * The decision body as a Spanish letter names it. English needs only to drop a typed 'The'; Spanish
 * needs the body's article ('el Concejo', 'la Comisión'), which contracts after 'de' and 'a' ('del
 * Concejo', 'al Concejo'), its number (a verb agrees with it: 'que el Concejo apruebe'), and whether
 * the letter speaks to one person (usted) or to several (ustedes).
 *
 * The article is the organiser's when they typed one ('la Junta de Supervisores'), else the gender
 * of the body's first noun from a list of the usual ones (and the endings -ción, -sión, -dad, which
 * are always feminine). A name it cannot read ('Springfield City Council', typed in English) gets
 * no article: 'miembros de Springfield City Council', and the request speaks to ustedes instead of
 * naming the body, rather than guess a gender.
 */

type Gender = 'm' | 'f';
export type Article = 'el' | 'la' | 'los' | 'las';

export interface DecisionBody {
  /** The body's name without a leading article, as typed. */
  name: string;
  /** The article it takes, or null when it cannot be known. */
  article: Article | null;
  /** A verb whose subject is the body is plural ('que los comisionados aprueben'). */
  plural: boolean;
  /** The letter speaks to several people (ustedes), not to one (usted). */
  youPlural: boolean;
  salutation: string;
}

/** Accents and case aside: 'Comisión', 'comision' and 'COMISIÓN' are one word. */
const folded = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Titles of people: a body named after one is greeted as that person ('Estimada alcaldesa Ruiz:'). */
const PERSON_TITLES: Record<string, Gender | 'either'> = {
  alcalde: 'm', alcaldesa: 'f', presidente: 'm', presidenta: 'f', comisionado: 'm', comisionada: 'f',
  supervisor: 'm', supervisora: 'f', director: 'm', directora: 'f', gobernador: 'm', gobernadora: 'f',
  regidor: 'm', regidora: 'f', sindico: 'm', sindica: 'f', administrador: 'm', administradora: 'f',
  concejala: 'f', jueza: 'f',
  // The same word for a man or a woman: no article, no 'Estimado' or 'Estimada'.
  concejal: 'either', edil: 'either', gerente: 'either', superintendente: 'either', juez: 'either',
};

/** The same titles for several people, and the members of a body. */
const PEOPLE_TITLES: Record<string, Gender> = {
  alcaldes: 'm', comisionados: 'm', comisionadas: 'f', supervisores: 'm', supervisoras: 'f', concejales: 'm',
  concejalas: 'f', regidores: 'm', regidoras: 'f', directores: 'm', directoras: 'f', miembros: 'm', integrantes: 'm',
};

/** The usual first nouns of decision bodies and offices, by gender. */
const BODIES: Record<string, Gender> = {
  concejo: 'm', consejo: 'm', ayuntamiento: 'm', cabildo: 'm', comite: 'm', departamento: 'm', distrito: 'm',
  condado: 'm', gobierno: 'm', tribunal: 'm', pleno: 'm', senado: 'm', congreso: 'm', municipio: 'm',
  patronato: 'm', directorio: 'm', despacho: 'm', organismo: 'm', instituto: 'm', cuerpo: 'm', organo: 'm',
  comision: 'f', junta: 'f', alcaldia: 'f', legislatura: 'f', asamblea: 'f', corporacion: 'f', mesa: 'f',
  oficina: 'f', secretaria: 'f', direccion: 'f', division: 'f', autoridad: 'f', agencia: 'f', administracion: 'f',
  corte: 'f', diputacion: 'f', presidencia: 'f', gobernacion: 'f', superintendencia: 'f', municipalidad: 'f',
  ciudad: 'f', sala: 'f', entidad: 'f', mancomunidad: 'f', intendencia: 'f', delegacion: 'f',
};

/**
 * Offices rather than bodies of members: greeted by their name ('Estimado Departamento de Obras
 * Públicas:', 'Estimada Alcaldía de Springfield:'), as Latin American correspondence addresses an
 * institution, the adjective agreeing with the office's noun and saying nothing of anyone's gender.
 */
const OFFICES = new Set([
  'alcaldia', 'departamento', 'oficina', 'secretaria', 'direccion', 'division', 'agencia', 'despacho', 'administracion',
  'presidencia', 'gobernacion', 'intendencia', 'superintendencia', 'municipalidad', 'delegacion', 'autoridad',
]);

/** Words a salutation already opens with: the body is greeted as typed ('Honorable Concejo Municipal:'). */
const HONORIFIC = /^(honorable|honorables|hon\.|señor|señora|señores|señoras|sr\.|sra\.|sres\.|sras\.|distinguidos|distinguidas)(?=\s|$)/i;

const genderOf = (word: string): Gender | null => {
  const w = folded(word);
  return BODIES[w] ?? PEOPLE_TITLES[w] ?? (/(cion|sion|dad)$/.test(w) ? 'f' : null);
};

const ARTICLES: Record<Gender, Record<'one' | 'many', Article>> = { m: { one: 'el', many: 'los' }, f: { one: 'la', many: 'las' } };

/**
 * 'y' joins two addressees when a title or body follows it ('Alcalde y Concejo Municipal'), not
 * inside one body's name ('Comisión de Parques y Recreación').
 */
function parts(name: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  for (const w of name.split(/\s+/)) {
    const last = current[current.length - 1];
    if (last !== undefined && /^(y|e)$/i.test(last) && (PERSON_TITLES[folded(w)] || PEOPLE_TITLES[folded(w)] || BODIES[folded(w)])) {
      out.push(current.slice(0, -1).join(' '));
      current = [];
    }
    current.push(w);
  }
  return [...out, current.join(' ')];
}

const known = (word: string) => Boolean(PERSON_TITLES[folded(word)] || PEOPLE_TITLES[folded(word)] || genderOf(word));

export function decisionBody(typed: string): DecisionBody {
  const t = typed.trim().replace(/\s+/g, ' ');
  // A leading article is the body's only before a noun we know: 'La Comisión', not 'Los Angeles City Council'.
  const lead = /^(el|la|los|las)\s+(\S+)/i.exec(t);
  const typedArticle = lead && (known(lead[2]!) || HONORIFIC.test(lead[2]!)) ? (lead[1]!.toLowerCase() as Article) : null;
  const name = typedArticle ? t.slice(lead![1]!.length).trim() : t;
  const honorific = HONORIFIC.exec(name);
  // After an honorific, the noun that says what the body is: 'Honorable Concejo' -> 'Concejo'.
  const head = (honorific ? name.slice(honorific[0].length).trim() : name).split(' ')[0] ?? '';
  const person = PERSON_TITLES[folded(head)];
  const people = PEOPLE_TITLES[folded(head)];
  const greeting = (adjective: string) => (honorific ? `${name}:` : `${adjective} ${name}:`);

  const addressees = parts(name);
  if (addressees.length > 1) {
    // Several addressees: plural, and feminine only when every one of them is.
    const allFeminine = addressees.every((p) => {
      const w = folded(p.split(' ')[0]!);
      return PERSON_TITLES[w] === 'f' || PEOPLE_TITLES[w] === 'f' || BODIES[w] === 'f';
    });
    return { name, article: null, plural: true, youPlural: true, salutation: greeting(allFeminine ? 'Estimadas' : 'Estimados') };
  }
  if (person) {
    // A title the same for a man or a woman says nothing of the person's gender unless an article
    // was typed; without one it is greeted 'Honorable', the formal greeting that agrees with neither.
    const gender = person === 'either' ? (typedArticle ? (typedArticle === 'la' ? 'f' : 'm') : null) : person;
    const adjective = gender === 'm' ? 'Estimado' : gender === 'f' ? 'Estimada' : 'Honorable';
    return { name, article: gender && ARTICLES[gender].one, plural: false, youPlural: false, salutation: greeting(adjective) };
  }
  const gender = genderOf(head);
  const plural = Boolean(people) || typedArticle === 'los' || typedArticle === 'las';
  const article = typedArticle ?? (gender ? ARTICLES[gender][plural ? 'many' : 'one'] : null);
  let salutation: string;
  if (people) salutation = greeting(people === 'f' ? 'Estimadas' : 'Estimados');
  else if (OFFICES.has(folded(head)) && gender) salutation = greeting(gender === 'f' ? 'Estimada' : 'Estimado');
  else salutation = honorific ? `${name}:` : `Estimados miembros ${of({ name, article })}:`;
  return { name, article, plural, youPlural: true, salutation };
}

/**
 * The greeting of one person by their title and surname: 'Estimada concejala Rivera:' where the
 * title says whether it is a man or a woman, 'Honorable Council Member Rivera:' where it does not
 * (a title that is the same for both, or one typed in English), 'Honorable Ana Rivera:' without one.
 */
export function personSalutation(title: string | null, name: string, surname: string): string {
  if (!title) return `Honorable ${name}:`;
  const gender = PERSON_TITLES[folded(title.split(/\s+/)[0] ?? '')];
  const adjective = gender === 'm' ? 'Estimado' : gender === 'f' ? 'Estimada' : 'Honorable';
  return `${adjective} ${title} ${surname}:`;
}

/** 'del Concejo Municipal', 'de la Comisión', 'de Springfield City Council'. */
export function of(b: Pick<DecisionBody, 'name' | 'article'>): string {
  return b.article === 'el' ? `del ${b.name}` : b.article ? `de ${b.article} ${b.name}` : `de ${b.name}`;
}

/** 'al Concejo Municipal', 'a la Comisión'. */
export function to(b: Pick<DecisionBody, 'name' | 'article'>): string {
  return b.article === 'el' ? `al ${b.name}` : b.article ? `a ${b.article} ${b.name}` : `a ${b.name}`;
}

/** 'el Concejo Municipal', as a sentence's subject. */
export function subject(b: Pick<DecisionBody, 'name' | 'article'>): string {
  return b.article ? `${b.article} ${b.name}` : b.name;
}
