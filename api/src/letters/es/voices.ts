import type { Perspective } from '../../contract';
import type { Voice } from '../perspectives';

/**
 * Each perspective's own voice in Spanish, as many variants per list as English has. Like English,
 * no sentence names a talking point's category or anything an admin typed, nor speaks of the points.
 *
 * The writer's gender is unknown, so the writer is never described with a gendered word: not
 * 'jubilado', 'propietaria', 'dueño', 'madre', 'veterano', 'vecino', nor 'un'/'una' before who they
 * are. They say what they do or have ('soy docente', 'tengo un negocio en...', 'me jubilé en...',
 * 'crío a mis hijos en...', 'serví en las Fuerzas Armadas'), or use epicene words without an
 * article ('docente', 'estudiante', 'residente', 'profesional de la salud', 'titular de tierras').
 * A group the writer belongs to is 'quienes tenemos...', never 'los que' or 'nosotros'.
 *
 * An introduction is completed by ' y ' (or ' e ') and an ask (', y ' when it already holds a
 * comma), so none holds a ' y ' of its own. 'Le{s} escribo' and 'tiene{n}' are marked for
 * the reader's number as in es/perspectives.ts.
 */
export const VOICES: Record<Perspective, Voice> = {
  landowner: {
    introductions: [
      (city) => `Tengo tierras en ${city}`,
      (city) => `Poseo tierras en ${city}, donde hago planes pensando en décadas, no en temporadas`,
      (city) => `Mi familia tiene tierras en ${city}`,
      (city) => `Como titular de tierras en ${city}, tengo un interés a largo plazo en cómo crece nuestra comunidad`,
      (city) => `Tengo un terreno en ${city} que pienso conservar durante muchos años`,
    ],
    motives: [
      'las decisiones sobre el uso del suelo que se tomen hoy definen lo que podrá ser cada parcela que rodea la mía',
      'lo que se decida acompañará a esta tierra durante generaciones',
      'pocas decisiones duran tanto como las que se toman sobre la tierra',
      'tener tierras enseña a mirar a largo plazo, y esta decisión necesita esa mirada',
      'lo que se decida seguirá en el mapa mucho después de esta sesión',
    ],
    reflections: [
      'la tierra tarda mucho en recuperarse de una decisión apresurada',
      'cuidar bien la tierra exige pensar más allá del próximo ciclo presupuestario',
      'el valor de la tierra aquí depende de una comunidad que planifica con cuidado',
      'las decisiones sobre la tierra están entre las más duraderas que toma una comunidad',
    ],
    stakes: [
      (city) => `por quienes tenemos y cuidamos tierras en ${city}`,
      (city) => `para que la tierra de ${city} siga bien aprovechada por la próxima generación`,
      (city) => `pensando en el futuro a largo plazo de la tierra en ${city}`,
      (city) => `por la tierra y la gente de ${city}`,
    ],
    listeners: ['alguien con raíces en esta tierra', 'quienes tenemos tierras en esta zona', 'alguien que piensa en las próximas generaciones', 'las personas que cuidan la tierra aquí'],
  },
  educator: {
    introductions: [
      (city) => `Soy docente en ${city}`,
      (city) => `Enseño en ${city}`,
      (city) => `Como docente en ${city}, paso mis días con los jóvenes a quienes afectará lo que se decida`,
      (city) => `Trabajo con estudiantes en ${city}`,
      (city) => `Me dedico a la enseñanza en ${city}`,
    ],
    motives: [
      'mis estudiantes heredarán lo que aquí se decida',
      'los jóvenes aprenden de la manera en que su comunidad toma decisiones como esta',
      'decisiones como esta llegan a las aulas mucho antes de aparecer en un informe',
      'quiero que mis estudiantes crezcan en una comunidad que planificó bien pensando en ellos',
      'veo cada día cómo las decisiones locales llegan a mis estudiantes',
    ],
    reflections: [
      'los estudiantes notan cuando los adultos planifican su futuro',
      'lo que una comunidad construye es una lección que sus niños recuerdan',
      'cada decisión como esta enseña a los jóvenes lo que valoramos',
      'las buenas escuelas dependen de una buena comunidad a su alrededor',
    ],
    stakes: [
      (city) => `por los estudiantes a quienes enseño en ${city}`,
      (city) => `para que los jóvenes de ${city} vean que su comunidad invierte en ellos`,
      (city) => `por la próxima generación de estudiantes de ${city}`,
      (city) => `pensando en los estudiantes de ${city}`,
    ],
    listeners: ['una persona que dedica su vida a la enseñanza', 'quienes enseñamos aquí', 'las personas que educan en esta comunidad', 'alguien que ve crecer a sus estudiantes año tras año'],
  },
  homeowner: {
    introductions: [
      (city) => `Tengo mi casa en ${city}`,
      (city) => `Compré mi casa en ${city}, donde pienso quedarme muchos años`,
      (city) => `Al comprar mi casa en ${city}, eché raíces en esta comunidad`,
      (city) => `Tengo una vivienda propia en ${city}`,
      (city) => `Mi casa está en ${city}, en una calle que esta decisión va a transformar`,
    ],
    motives: [
      'en mi casa están mis ahorros, mis raíces y mis planes para el futuro',
      'el resultado de esta decisión pasará a formar parte del lugar donde vivo',
      'están en juego el futuro de nuestra comunidad, el valor de nuestras viviendas y nuestra calidad de vida',
      'quienes hemos comprado casa vivimos con decisiones como esta mientras sigamos aquí',
      'lo que aquí se decida dará forma a la calle donde vivo',
    ],
    reflections: [
      'una casa es un compromiso largo, y también lo es una decisión como esta',
      'la gente compra casa aquí porque confía en que la comunidad planifica con cuidado',
      'lo que hace de una calle un buen lugar para vivir se decide en salas como la suya',
      'una comunidad que planifica bien conserva sus viviendas como lugares dignos para vivir',
    ],
    stakes: [
      (city) => `por quienes tenemos casa en ${city}`,
      (city) => `para que quienes han invertido en una vivienda en ${city} puedan seguir construyendo su vida aquí`,
      (city) => `por las calles y los hogares de ${city}`,
      (city) => `pensando en cada vivienda de ${city}`,
    ],
    listeners: ['una persona con casa propia en esta comunidad', 'quienes hemos apostado por este lugar', 'las personas que tienen su casa aquí', 'alguien que piensa quedarse'],
  },
  parent: {
    introductions: [
      (city) => `Crío a mis hijos en ${city}`,
      (city) => `Le{s} escribo desde ${city}, donde crío a mis hijos`,
      (city) => `Mis hijos están creciendo en ${city}`,
      (city) => `Como persona que cría a sus hijos en ${city}, mido cada decisión local por lo que significará para ellos`,
      (city) => `Tengo hijos que van creciendo en ${city}`,
    ],
    motives: [
      'esta decisión dará forma a la comunidad en la que crecen mis hijos',
      'quiero que mis hijos hereden un lugar planificado con cuidado',
      'mi familia vivirá con el resultado de esta decisión durante años',
      'las familias como la mía sienten cada día el efecto de decisiones como esta',
      'los niños no votan, y alguien tiene que hablar por ellos',
    ],
    reflections: [
      'los niños se fijan en lo que su comunidad decide proteger',
      'una ciudad que planifica para sus niños planifica bien para todo el mundo',
      'los lugares donde crecen los niños moldean a las personas que llegarán a ser',
      'las familias se quedan donde se sienten escuchadas',
    ],
    stakes: [
      (city) => `por los niños que crecen en ${city}`,
      (city) => `para que familias como la mía puedan seguir criando a sus hijos en ${city}`,
      (city) => `por la niñez de ${city}`,
      (city) => `pensando en las familias de ${city}`,
    ],
    listeners: ['alguien que lleva a sus hijos a la escuela cada mañana', 'familias como la mía', 'quienes criamos a nuestros hijos en esta comunidad', 'alguien cuya familia crece aquí'],
  },
  business_owner: {
    introductions: [
      (city) => `Tengo un negocio en ${city}`,
      (city) => `Como persona al frente de un negocio en ${city}, sé cuánto depende nuestra economía local de decisiones como esta`,
      (city) => `Dirijo un negocio propio en ${city}`,
      (city) => `Le{s} escribo desde el negocio que llevo en ${city}`,
      (city) => `Me gano la vida con un negocio en ${city}`,
    ],
    motives: [
      'mi clientela, las personas que trabajan conmigo y yo tenemos mucho en juego en esta decisión',
      'cada día veo cómo la política local llega a los comercios y a las nóminas',
      'los negocios como el mío prosperan cuando prospera la comunidad que los rodea',
      'una economía local sana empieza con decisiones como la que tiene{n} ante sí',
      'veo de cerca cómo las decisiones locales llegan a la clientela y al personal',
    ],
    reflections: [
      'la clientela y el personal eligen los lugares que planifican bien',
      'las buenas decisiones de hoy son la mejor inversión en nuestra economía local',
      'un negocio es tan fuerte como la comunidad que lo rodea',
      'una ciudad próspera y un comercio local próspero van de la mano',
    ],
    stakes: [
      (city) => `por los negocios y las personas que trabajan en ${city}`,
      (city) => `para que los negocios locales de ${city} puedan seguir creciendo`,
      (city) => `por la economía local de ${city}`,
      (city) => `pensando en el comercio de ${city}`,
    ],
    listeners: ['una persona que tiene un negocio aquí', 'quienes mantenemos vivo el comercio local', 'alguien que abre su negocio cada mañana en esta ciudad', 'los negocios a los que afectará esta decisión'],
  },
  student: {
    introductions: [
      (city) => `Soy estudiante en ${city}`,
      (city) => `Estudio en ${city}, donde espero quedarme cuando termine mis estudios`,
      (city) => `Como estudiante en ${city}, estoy empezando mi vida aquí`,
      (city) => `Le{s} escribo como estudiante de ${city}`,
      (city) => `Estoy cursando mis estudios en ${city}`,
    ],
    motives: [
      'las decisiones que se tomen ahora definirán la comunidad que heredará mi generación',
      'quiero construir mi futuro en esta comunidad, y esta decisión forma parte de ese futuro',
      'su decisión ayudará a definir si la gente de mi edad puede hacer su vida aquí',
      'mi generación será la que más tiempo viva con lo que aquí se decida',
      'a mi generación rara vez se le pregunta, y quiero que se me escuche',
    ],
    reflections: [
      'mi generación está atenta a cómo esta comunidad planifica su futuro',
      'los jóvenes se quedan donde sienten que su futuro se toma en serio',
      'las decisiones de hoy son las que mi generación vivirá durante más tiempo',
      'una ciudad que planifica para la juventud le da motivos para quedarse',
    ],
    stakes: [
      (city) => `por la juventud de ${city}`,
      (city) => `para que mi generación pueda construir su futuro en ${city}`,
      (city) => `pensando en la juventud de ${city}`,
      (city) => `por la próxima generación de ${city}`,
    ],
    listeners: ['una persona joven que estudia aquí', 'jóvenes como yo', 'la generación que vivirá con esta decisión', 'alguien que quiere hacer su vida aquí'],
  },
  retiree: {
    introductions: [
      (city) => `Vivo mi jubilación en ${city}`,
      (city) => `Como persona que se jubiló en ${city}, he visto cambiar nuestra comunidad a lo largo de los años`,
      (city) => `Elegí ${city} para mi jubilación por todo lo que ofrece esta comunidad`,
      (city) => `Le{s} escribo desde mi jubilación en ${city}`,
      (city) => `He pasado los años de mi jubilación en ${city}`,
    ],
    motives: [
      'ayudé a construir esta comunidad y quiero que la próxima generación la herede en buen estado',
      'ahora tengo tiempo para seguir las decisiones que dan forma a este lugar',
      'aporto la experiencia de muchos años, y pienso en la próxima generación',
      'decisiones como esta perduran mucho más allá de una vida',
      'he visto cuánto importan con el tiempo decisiones como esta',
    ],
    reflections: [
      'los efectos de una decisión como esta pueden durar toda una vida',
      'a una comunidad se la juzga por lo que deja a quienes vienen después',
      'las mejores decisiones de una ciudad son las que se toman con paciencia',
      'cada generación le debe a la siguiente un lugar que valga la pena heredar',
    ],
    stakes: [
      (city) => `por quienes llevan toda una vida en ${city}`,
      (city) => `para que ${city} siga siendo un buen lugar para envejecer`,
      (city) => `por cada generación de ${city}`,
      (city) => `pensando en las personas mayores de ${city}`,
    ],
    listeners: ['alguien que ya cumplió su vida laboral', 'quienes llevamos muchos años aquí', 'las personas mayores de esta comunidad', 'alguien que conoce este lugar desde hace décadas'],
  },
  healthcare_worker: {
    introductions: [
      (city) => `Trabajo en el sector de la salud en ${city}`,
      (city) => `Como profesional de la salud en ${city}, sé que la salud se forja mucho más allá de la consulta`,
      (city) => `Me dedico a la atención de la salud en ${city}`,
      (city) => `Le{s} escribo como profesional de la salud de ${city}`,
      (city) => `Atiendo a pacientes en ${city}`,
    ],
    motives: [
      'mis pacientes viven con las consecuencias de decisiones como esta',
      'la salud se construye en nuestras calles, en nuestro aire y en nuestros espacios públicos tanto como en cualquier consulta',
      'lo que se decida se verá, tarde o temprano, en la salud de las personas que atiendo',
      'cada día veo el lado humano de las decisiones locales',
      'veo cómo las condiciones de nuestra comunidad se reflejan en la salud de la gente',
    ],
    reflections: [
      'prevenir siempre es más barato, y más humano, que curar',
      'una comunidad sana se construye decisión a decisión',
      'quienes más necesitan una comunidad sana suelen ser quienes menos voz tienen',
      'la salud empieza mucho antes de que alguien entre en una consulta',
    ],
    stakes: [
      (city) => `por la salud de toda la gente de ${city}`,
      (city) => `para que la gente de ${city} pueda llevar una vida más sana`,
      (city) => `por los pacientes y las familias de ${city}`,
      (city) => `pensando en la salud de ${city}`,
    ],
    listeners: ['alguien que ve de cerca la salud de esta comunidad', 'alguien que atiende a pacientes aquí', 'las personas que cuidan nuestra salud', 'quienes trabajamos en la salud'],
  },
  veteran: {
    introductions: [
      (city) => `Tras servir en las Fuerzas Armadas, hoy vivo en ${city}`,
      (city) => `Como persona que sirvió en las Fuerzas Armadas, sigo creyendo en el servicio a ${city}, la comunidad que hoy es mi hogar`,
      (city) => `Después de vestir el uniforme, elegí ${city} para vivir`,
      (city) => `Le{s} escribo desde ${city} tras años de servicio militar`,
      (city) => `Hoy vivo en ${city} después de haber servido en las Fuerzas Armadas`,
    ],
    motives: [
      'serví para proteger comunidades como esta',
      'alzar la voz en decisiones como esta también es una forma de servicio',
      'en el servicio aprendí que los buenos resultados dependen de planificar con tiempo',
      'quienes servimos y nuestras familias vivimos las decisiones locales como todo el mundo',
      'sigo creyendo en responder cuando mi comunidad me necesita',
    ],
    reflections: [
      'una comunidad es tan fuerte como sus compromisos',
      'cuidar de una comunidad significa planificar para quienes vienen después',
      'planificar con cuidado es una forma de servicio',
      'el deber hacia la comunidad no termina al quitarse el uniforme',
    ],
    stakes: [
      (city) => `por quienes sirvieron y sus familias en ${city}`,
      (city) => `con el espíritu de servicio que comparten tantas personas en ${city}`,
      (city) => `por todas las personas que han servido y hoy viven en ${city}`,
      (city) => `pensando en quienes han vestido el uniforme y viven en ${city}`,
    ],
    listeners: ['una persona que pasó años en el servicio militar', 'quienes servimos al país', 'alguien que dio años de servicio al país', 'quienes han servido y viven en esta comunidad'],
  },
  community_member: {
    introductions: [
      (city) => `Vivo en ${city}`,
      (city) => `Como parte de la comunidad de ${city}, me importan las decisiones que dan forma a nuestra vida diaria`,
      (city) => `Soy residente de ${city}`,
      (city) => `Le{s} escribo como residente de ${city}`,
      (city) => `${city} es mi hogar`,
    ],
    motives: [
      'esta es una de esas decisiones que dan forma a nuestra vida diaria',
      'siento un profundo apego por la gente de aquí y por el lugar que compartimos',
      'lo que se decida se notará en cada calle de la ciudad',
      'decisiones como esta dan forma al lugar que compartimos',
      'quienes viven aquí merecen tener voz en lo que le pase a su ciudad',
    ],
    reflections: [
      'un lugar como el nuestro se define por decisiones como esta',
      'quienes viven aquí son quienes vivirán con esta decisión',
      'las buenas decisiones empiezan por escuchar a las personas a quienes afectan',
      'una comunidad es más fuerte cuando su gente alza la voz',
    ],
    stakes: [
      (city) => `por todas las personas que consideran ${city} su hogar`,
      (city) => `para que ${city} siga siendo un lugar donde la gente se cuida entre sí`,
      (city) => `por toda la comunidad de ${city}`,
      (city) => `pensando en cada persona que vive en ${city}`,
    ],
    listeners: ['una persona que recorre estas calles cada día', 'la gente de esta comunidad', 'alguien que forma parte de esta comunidad', 'quienes vivimos aquí'],
  },
};
