import { describe, expect, it } from 'vitest';
import { GENERAL_ACTION_ES, requestedActionEs } from './request-action';

const phrase = (title: string, prose = '') => requestedActionEs(title, prose).phrase;

describe('requestedActionEs', () => {
  it("turns an infinitive or a nosotros imperative into the ustedes subjunctive, the rest as written", () => {
    const cases: [string, string][] = [
      ['Proteger el parque Riverside', 'protejan el parque Riverside'],
      ['Salvar la biblioteca', 'salven la biblioteca'],
      ['Salvemos el parque', 'salven el parque'],
      ['¡Salvemos el parque Las Palmas!', 'salven el parque Las Palmas'],
      ['Detengamos la tala de árboles en la calle Olivo', 'detengan la tala de árboles en la calle Olivo'],
      ['Aprobar el plan de carriles bici', 'aprueben el plan de carriles bici'],
      ['Rechacemos la rezonificación del parque', 'rechacen la rezonificación del parque'],
      ['Construir aceras seguras hacia la escuela Lincoln', 'construyan aceras seguras hacia la escuela Lincoln'],
      ['Mantener abierta la biblioteca Eastside por las tardes', 'mantengan abierta la biblioteca Eastside por las tardes'],
      ['Ampliar el horario de la biblioteca', 'amplíen el horario de la biblioteca'],
      ['Financiemos el transporte escolar', 'financien el transporte escolar'],
      ['Invertir en vivienda asequible', 'inviertan en vivienda asequible'],
      ['Prohibir los camiones pesados en el centro', 'prohíban los camiones pesados en el centro'],
      ['Renovar el centro comunitario', 'renueven el centro comunitario'],
      ['Reduzcamos la velocidad en la avenida 5', 'reduzcan la velocidad en la avenida 5'],
      ['Vamos a plantar mil árboles', 'planten mil árboles'],
      ['Hay que reparar el puente', 'reparen el puente'],
    ];
    for (const [title, expected] of cases) expect(phrase(title), title).toBe(expected);
  });

  it('gives the singular for one person or a body named as the subject', () => {
    expect(requestedActionEs('Ampliar el horario de la biblioteca', '')).toEqual({
      phrase: 'amplíen el horario de la biblioteca',
      singular: 'amplíe el horario de la biblioteca',
      general: false,
    });
    expect(requestedActionEs('Detener la tala', '').singular).toBe('detenga la tala');
    expect(requestedActionEs('Prohibir la tala', '').singular).toBe('prohíba la tala');
  });

  it('reads sí and no campaigns as support and opposition, with "al" as "el"', () => {
    expect(phrase('No al cierre de la biblioteca')).toBe('rechacen el cierre de la biblioteca');
    expect(phrase('¡No a la tala!')).toBe('rechacen la tala');
    expect(phrase('Sí a la Medida B')).toBe('respalden la Medida B');
    expect(phrase('Si al parque')).toBe('respalden el parque');
  });

  it("sets a title-case title's words as the campaign's own text sets them", () => {
    const prose = 'La biblioteca cierra a las 5. El parque Riverside está en riesgo. Familias de El Paso piden ayuda.';
    expect(phrase('Salvemos El Parque Riverside', prose)).toBe('salven el parque Riverside');
    expect(phrase('Mantener La Biblioteca Abierta', prose)).toBe('mantengan la biblioteca abierta');
    expect(phrase('Invertir en El Paso', prose)).toBe('inviertan en El Paso');
    expect(phrase('Salvemos Nuestra Biblioteca', prose)).toBe('salven nuestra biblioteca');
  });

  it('asks in general words, never quoting the title, when a word might be a name it cannot check or the title is not a request', () => {
    expect(requestedActionEs('Salvar Hartwell Woods', 'El bosque es antiguo.')).toEqual({
      phrase: GENERAL_ACTION_ES,
      singular: 'tenga plenamente en cuenta lo que expongo en esta carta al decidir',
      general: true,
    });
    for (const title of ['Vecinos contra la cantera', 'Calles seguras para la escuela Lincoln', 'Creemos en nuestro barrio', '¡Salvemos!']) {
      // 'Creemos' is also 'we believe'; a verb alone asks for nothing.
      expect(phrase(title), title).toBe(GENERAL_ACTION_ES);
    }
    expect(GENERAL_ACTION_ES).not.toMatch(/«|residentes que impulsan/);
  });
});
