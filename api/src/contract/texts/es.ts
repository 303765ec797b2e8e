/**
 * Every text a supporter sees, in Spanish: the same keys as en.ts (the type says so). Written for
 * supporters in the United States: neutral Latin American Spanish, "usted", no regionalisms, and
 * never a word that guesses the supporter's gender ("le damos las gracias", not "bienvenido").
 * Terms stay those of US public hearings: "fecha límite para comentarios por escrito", "Concejo".
 */
import type { SupporterTexts } from './en';

/** 'a' before a name, contracted before the article 'el' as Spanish always does ('al organismo'). */
const to = (name: string) => (/^el\s/i.test(name) ? `al ${name.slice(3)}` : `a ${name}`);

export const es: SupporterTexts = {
  locale: 'es-US',

  loadingCampaign: 'Cargando la campaña...',
  loadingLetter: 'Cargando la carta...',
  notFoundTitle: 'Campaña no encontrada',
  notFoundText: 'Es posible que esta campaña se haya eliminado o que ya no esté activa.',
  previewNote:
    'Vista previa: esta campaña está desactivada, así que el público no la ve y no se puede enviar nada desde ella hasta que se active.',
  supporters: (c) => (c.plural === 'one' ? 'firma de apoyo' : 'firmas de apoyo'),
  goal: (goal) => `Meta: ${goal}`,
  percentOfGoal: (percent) => `${percent} % de la meta alcanzado`,
  goalReachedNext: (next) => `¡Meta alcanzada! Próxima meta: ${next} firmas de apoyo`,
  moreToReach: (more, target, isGoal) => `Faltan ${more} para llegar a ${target}${isGoal ? ' (la meta)' : ''}`,
  recentSupporters: 'Apoyos recientes',
  actionsUnavailableTitle: 'Acciones no disponibles',
  actionsUnavailableText: 'En este momento no hay acciones disponibles para esta campaña.',
  tabsLabel: 'Formas de apoyar esta campaña',
  tabs: { sign: 'Firmar la petición', letter: 'Escribir una carta', share: 'Compartir' },

  fullName: 'Nombre completo',
  emailAddress: 'Correo electrónico',
  streetAddress: 'Dirección',
  city: 'Ciudad',
  state: 'Estado',
  zipCode: 'Código postal',
  phoneNumber: 'Teléfono',
  optional: ' (opcional)',
  privacyNotice: 'Aviso de privacidad',
  opensInNewTab: ' (se abre en una pestaña nueva)',
  opensInNewWindow: ' (se abre en una ventana nueva)',
  honeypot: 'Deje este campo vacío',

  whyImportant: '¿Por qué es importante para usted esta campaña?',
  displayPublicly: 'Mostrar mi nombre públicamente como persona que apoya',
  signing: 'Firmando...',
  signPetition: 'Firmar la petición',
  signDataNote: 'La campaña guarda su firma y su dirección, y puede presentarlas ante el organismo que decide.',
  signFailed: 'No se pudo firmar la petición',
  thankYou: '¡Gracias!',
  signatureAdded: 'Su firma se agregó a la petición. ¡Juntos podemos lograr un cambio!',
  signatureInbox: (email) =>
    `Falta un paso: le enviamos un correo a ${email}. Ábralo y siga el enlace para confirmar su firma; contará en cuanto lo haga.`,
  writeTo: (body) => `Escribir ${to(body ?? 'el organismo que decide')}`,
  writeToHint: 'Una carta con sus propias palabras pesa más que una firma. Sus datos ya están completados.',
  continue: 'Continuar',
  share: 'Compartir',

  yourPerspective: 'Su perspectiva',
  yourPosition: 'Su posición',
  whichDistrict: '¿En qué distrito vive?',
  notSure: 'No lo sé',
  positionCountsHeading: 'Posturas hasta ahora',
  perspectiveHint: 'Define la voz con la que empieza la carta y su vínculo con la comunidad.',
  selectPerspective: 'Elija su perspectiva',
  // Nouns that do not guess a gender where Spanish allows it; the rest name what one does or has.
  perspectives: {
    landowner: 'Propietario/a de terreno',
    educator: 'Docente',
    homeowner: 'Propietario/a de vivienda',
    parent: 'Madre o padre',
    business_owner: 'Dueño/a de negocio',
    student: 'Estudiante',
    retiree: 'Persona jubilada',
    healthcare_worker: 'Profesional de la salud',
    veteran: 'Veterano/a',
    community_member: 'Integrante de la comunidad',
  },
  messagePoints: 'Puntos del mensaje',
  selectOnePoint: 'Elija al menos un punto del mensaje.',
  noPoints:
    'Esta campaña no tiene más puntos para el mensaje. La carta se escribirá con el mensaje principal de la campaña.',
  ownWords: '¿Cómo le afecta esto a usted o a su familia?',
  ownWordsHint: (typed, max) =>
    `Con sus propias palabras: una o dos frases abren su carta y hacen que cuente más que una carta idéntica. ${typed} de ${max} caracteres.`,
  generating: 'Escribiendo la carta...',
  generateLetter: 'Escribir la carta',
  letterDataNote:
    'Todavía no se envía nada: primero revisará la carta. Una vez enviada, llega al organismo que decide y puede pasar a ser de dominio público.',
  generateFailed: 'No se pudo escribir la carta',

  reviewTitle: 'Revise su carta de apoyo',
  backToCampaigns: 'Volver a las campañas',
  from: 'De:',
  perspective: 'Perspectiva:',
  personalLetter: 'Su carta es personal: lleva sus propias palabras, a las que quienes deciden dan mucho más peso que a cartas idénticas.',
  notPersonalLetter:
    'Su carta todavía tiene pocas palabras suyas. Quienes deciden dan mucho más peso a una carta personal que a muchas iguales: edítela para agregar una o dos frases sobre cómo le afecta esto.',
  saveChanges: 'Guardar cambios',
  cancel: 'Cancelar',
  editLetter: 'Editar la carta',
  copy: 'Copiar',
  download: 'Descargar',
  editYourLetter: 'Edite su carta',
  onePageNote: 'Esta carta cabe en una hoja carta estándar (8.5 x 11 pulgadas) al imprimirse.',
  submitting: 'Enviando...',
  submitLetter: 'Enviar la carta',
  submitDataNote: 'Al enviarla, esta carta llega con su nombre y dirección al organismo que decide; puede pasar a ser de dominio público.',
  submitFailed: 'No se pudo enviar la carta',
  copied: '¡Carta copiada al portapapeles!',
  copyBlocked: 'Esta página no permite copiar: seleccione el texto de la carta y cópielo usted.',
  preparingPdf: 'Preparando su PDF…',
  pdfFailed: 'No se pudo crear el PDF. Inténtelo de nuevo.',
  successTitle: '¡Carta enviada con éxito!',
  successText: 'Su carta ya está disponible para que el equipo de la campaña la revise, la imprima y la haga llegar a quienes deciden.',
  returnToCampaigns: 'Volver a las campañas',
  downloadCopy: 'Descargar una copia',
  letterInbox: (email) =>
    `Falta un paso: busque nuestro correo en ${email} y siga su enlace para confirmar su carta; se contará y se entregará en cuanto lo haga.`,
  pdfFileStem: 'carta-de-apoyo',
  pdfTitle: (title) => `Carta de apoyo: ${title}`,

  delivery: {
    theDecisionBody: 'el organismo que decide',
    sendingNow: (body) => `Su carta se está enviando ahora ${to(body)}.`,
    sendingToRepresentative: (representative, body) => `Su carta se está enviando ahora ${to(representative)}, con copia ${to(body)}.`,
    findingRepresentative: (body) =>
      `Su carta se enviará a quien representa a su distrito, con copia ${to(body)}, en cuanto su dirección se ubique en un distrito (en menos de 10 minutos).`,
    arrivedLate: (by) => `Llegó después de la fecha límite para comentarios por escrito (${by}), así que se marca como tardía.`,
    passed: (by, body) =>
      `La fecha límite para comentarios por escrito (${by}) ya pasó, así que su carta se marca como tardía; el equipo de la campaña decide si igual se entrega ${to(body)}.`,
    packetBy: (body, by) => `Se entregará ${to(body)}, junto con las demás cartas, antes de la fecha límite para comentarios por escrito: ${by}.`,
    packet: (body) => `Se entregará ${to(body)} junto con las demás cartas.`,
    organisersBy: (body, by) => `El equipo de la campaña la entregará ${to(body)} antes de la fecha límite para comentarios por escrito: ${by}.`,
    organisers: (body) => `El equipo de la campaña la entregará ${to(body)}.`,
  },

  shareTitle: 'Comparta esta campaña',
  shareText: 'Ayude a difundir este mensaje compartiéndolo con sus contactos.',
  shareMessage: (title) => `Apoye conmigo esta campaña: ${title}`,
  shareSubject: (title) => `Apoyo: ${title}`,
  shareEmail: 'Correo electrónico',

  fieldIssue: {
    required: (label) => `${label}: este dato es obligatorio`,
    tooLong: (label, max) => `${label}: como máximo ${max} caracteres`,
    tooShort: (label, min) => `${label}: como mínimo ${min} caracteres`,
    email: 'Escriba un correo electrónico válido',
    invalid: (label) => `Revise este dato: ${label}`,
  },
  failure: {
    rate_limited: 'Demasiados intentos desde esta conexión. Espere un minuto e inténtelo de nuevo.',
    not_found: 'Es posible que esta campaña se haya eliminado o que ya no esté activa.',
    action_disabled: 'Esta campaña no acepta esta acción en este momento.',
    unavailable: 'El servidor está ocupado. Inténtelo de nuevo en un momento.',
  },

  confirm: {
    notFound: 'Este enlace no es válido. Compruebe que abrió el enlace completo del correo.',
    expired: 'Este enlace de confirmación venció. Vuelva a firmar o a enviar su carta para recibir uno nuevo.',
    removeExpired: 'Este enlace para retirar venció. Para que se retire lo que envió, escriba al equipo de la campaña.',
    linkNotValidTitle: 'Enlace no válido',
    linkNotValidHeading: 'Este enlace no es válido',
    confirmingHeading: (title) => `Confirmando su apoyo a «${title}»`,
    removeHeading: (title) => `¿Retirar lo que envió a «${title}»?`,
    needsScript: 'Esta página necesita JavaScript para confirmar. Actívelo y vuelva a cargar la página.',
    removeExplained:
      'Esto borra su firma y las cartas que haya enviado a esta campaña con este correo electrónico, o con cualquier forma de él que llegue al mismo buzón, y las descuenta. Una carta ya entregada al organismo que decide no se puede recuperar: conserva la copia que recibió, con su nombre y sus datos de contacto. La nuestra se borra.',
    confirmButton: 'Confirmar',
    removeButton: 'Retirar mi firma y mis cartas',
    confirmPageTitle: 'Confirme su apoyo',
    removePageTitle: 'Retire su apoyo',
    script: {
      confirming: 'Confirmando…',
      removing: 'Retirando…',
      yourSignature: 'su firma',
      yourLetter: 'su carta',
      yourLetters: 'sus {n} cartas',
      and: ' y ',
      alreadyConfirmed: 'Ya estaba confirmado: no hace falta nada más. ¡Gracias!',
      confirmedOne: '¡Gracias! {What} para «{title}» ya cuenta.',
      confirmedMany: '¡Gracias! {What} para «{title}» ya cuentan.',
      alreadyRemoved: 'Ya estaba retirado: no queda nada de esta dirección en esta campaña.',
      removedOne: 'Retirado: {what} para «{title}» ya no está en la campaña ni en sus cifras.',
      removedMany: 'Retirado: {what} para «{title}» ya no están en la campaña ni en sus cifras.',
      deliveredOne: 'Una carta suya ya se había entregado al organismo que decide: conserva la copia que recibió, que Dais no puede recuperar. Si quiere que la retiren también allí, escríbales.',
      deliveredMany: '{n} de sus cartas ya se habían entregado al organismo que decide: conserva las copias que recibió, que Dais no puede recuperar. Si quiere que las retiren también allí, escríbales.',
      unreachable: 'No se pudo conectar con el servidor. Revise su conexión y vuelva a pulsar el botón.',
    },
  },

  mail: {
    what: (signatures, letters) => {
      if (signatures > 0 && letters > 0) return letters === 1 ? 'su firma y su carta' : 'su firma y sus cartas';
      if (letters > 0) return letters === 1 ? 'su carta' : 'sus cartas';
      return 'su firma';
    },
    signatureItem: (name, street, city) => `Su firma, como ${name}, ${street}, ${city}`,
    letterItem: (name, street, city, opening) => `Una carta firmada por ${name}, ${street}, ${city}, que empieza: «${opening}»`,
    subject: (reminder, what, title) => `${reminder ? 'Recordatorio: confirme' : 'Confirme'} ${what} para «${title}»`,
    body: (m) =>
      `Hola:\n\n` +
      `${m.reminder ? 'Todavía no tenemos su respuesta: alguien' : 'Alguien'}, esperamos que usted, usó esta dirección (${m.to}) para apoyar «${m.title}»:\n\n` +
      m.items.map((item) => `- ${item}\n`).join('') +
      `\nPara que ${m.what} ${m.withLetters ? 'cuente y llegue al organismo que decide' : 'cuente'}, confirme que fue usted:\n\n` +
      `${m.confirmUrl}\n\n` +
      `Este enlace confirma lo que figura arriba y nada más. Funciona hasta el ${m.until}; si no hace nada, no se cuenta nada y lo enviado con su dirección se borra en esa fecha.\n\n` +
      `¿No fue usted, o cambió de opinión? Hasta esa misma fecha, este enlace retira todo lo enviado con esta dirección a esta campaña:\n\n` +
      `${m.removeUrl}\n\n` +
      `Enviado por Dais en nombre del equipo de la campaña «${m.title}».\n`,
  },

  card: {
    signatures: (c) => `${c.shown} ${c.plural === 'one' ? 'firma' : 'firmas'}`,
    active: 'Activa',
    takeAction: 'Participar',
  },
};
