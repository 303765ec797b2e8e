import { createContext, useContext, useEffect, type RefObject } from 'react';
import type { Language, SupporterTexts } from '@dais/api/contract';
import type { Api } from '../api';

export interface WidgetContextValue {
  api: Api;
  /** The Dais origin (or the api-base attribute): API calls, uploads and the privacy notice live there. */
  base: string;
  /** The full-page widget of page.html (headings start at h1) rather than an element on a host page. */
  page: boolean;
  /** The widget's shadow root: downloads and anything else the widget adds go here, never into the host's body. */
  container: Node;
  /** The widget page opened from the admin console's Preview (?preview): a switched-off campaign shows too. */
  preview: boolean;
  /** The interface's language: the host's `lang` (or `?lang` on the widget page), else the campaign's. */
  language: Language;
  /** Every text the supporter reads, in that language (contract/texts). */
  texts: SupporterTexts;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const ctx = useContext(WidgetContext);
  if (!ctx) throw new Error('[dais] widget components must render inside <PetitionWidget>');
  return ctx;
}

/** The campaign title is h1 on the widget page and h2 on a host page; section headings one level below. */
/** The supporter-facing texts of the widget's language. */
export const useTexts = (): SupporterTexts => useWidget().texts;

export function useHeadings(): ['h1' | 'h2', 'h2' | 'h3'] {
  return useWidget().page ? ['h1', 'h2'] : ['h2', 'h3'];
}

/** Moves focus to `ref` when a step appears, so keyboard and screen-reader users land on it. */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>) {
  useEffect(() => ref.current?.focus(), [ref]);
}
