import { describe, expect, it } from 'vitest';
import { en, es } from '@dais/api/contract';
import { ApiError, failureText, issueText } from './api';

describe("what a refused request tells the supporter, in the widget's language", () => {
  const tooLong = new ApiError('City must be at most 100 characters', [{ field: 'city', message: 'City must be at most 100 characters', problem: 'too_long', limit: 100 }], 'validation_failed');

  it("shows the server's own words in English (SPEC.md's texts), and the spec's fallback when there are none", () => {
    expect(failureText(tooLong, en.signFailed, en)).toBe('City must be at most 100 characters');
    expect(failureText(new TypeError('Failed to fetch'), en.signFailed, en)).toBe('Failed to sign petition');
    expect(issueText({ field: 'email', message: 'Please enter a valid email address', problem: 'format' }, en)).toBe('Please enter a valid email address');
  });

  it('says a refused field in Spanish by what is wrong with it, with the length to keep to', () => {
    expect(failureText(tooLong, es.signFailed, es)).toBe('Ciudad: como máximo 100 caracteres');
    expect(issueText({ field: 'supporter_name', message: 'Name is required', problem: 'required' }, es)).toBe('Nombre completo: este dato es obligatorio');
    expect(issueText({ field: 'supporter_email', message: 'Please enter a valid email address', problem: 'format' }, es)).toBe('Escriba un correo electrónico válido');
    expect(issueText({ field: 'state', message: 'State must be at least 2 characters', problem: 'too_short', limit: 2 }, es)).toBe('Estado: como mínimo 2 caracteres');
    expect(issueText({ field: 'position', message: 'Please choose your position', problem: 'required' }, es)).toBe('Su posición: este dato es obligatorio');
  });

  it('says other refusals in Spanish by their code, else the fallback; never the English message', () => {
    expect(failureText(new ApiError('Too many requests, slow down', [], 'rate_limited'), es.signFailed, es)).toBe(es.failure.rate_limited);
    expect(failureText(new ApiError('Something odd', [], 'conflict'), es.signFailed, es)).toBe('No se pudo firmar la petición');
    expect(failureText(new TypeError('Failed to fetch'), es.submitFailed, es)).toBe('No se pudo enviar la carta');
  });
});
