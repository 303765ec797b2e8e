import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { CAMPAIGN_DEFAULTS, languageOf, textsFor, widgetPalette, type Language, type PublicCampaign } from '@dais/api/contract';
import { createApi, logError } from '../api';
import { widgetBackground } from '../campaign-rules';
import type { LetterData } from '../letter-data';
import { pageRoute, REVIEW_PATH, reviewState, type PageRoute } from '../page-route';
import { campaignMessage, resizeMessage } from '../protocol';
import { WIDGET_CSS } from '../styles';
import { CampaignView } from './campaign-view';
import { LetterReview } from './letter-review';
import { WidgetContext } from './widget-context';

export interface PetitionWidgetProps {
  /** Attribute campaign-id: the campaign to show; changing it reloads. */
  campaignId?: string;
  /** Attribute api-base: the Dais origin, when it is not where widget.js came from. */
  apiBase?: string;
  /** Attribute layout="page": the full-page widget of page.html (/widget/{id}, /letter/review). */
  layout?: string;
  /**
   * Attribute lang: the interface language ('es', 'es-MX'), whatever the campaign's is. The letter
   * itself stays in the campaign's language: its talking points are the organiser's words in it.
   */
  lang?: string;
  /** Set by r2wc: the element's shadow root. */
  container?: HTMLElement;
}

/** widget.js is served by the Dais server, so the origin it came from is the API's. */
const SCRIPT_ORIGIN = new URL(import.meta.url).origin;

const DEFAULT_COLORS = { ...CAMPAIGN_DEFAULTS, widget_background_color: '' };
type Colors = Pick<
  PublicCampaign,
  'widget_primary_color' | 'widget_secondary_color' | 'widget_background_color' | 'widget_text_color' | 'widget_tab_text_color' | 'widget_border_radius'
>;

function cssVariables(c: Colors): CSSProperties {
  const background = widgetBackground(c);
  const p = widgetPalette({
    primary: c.widget_primary_color,
    secondary: c.widget_secondary_color,
    tabText: c.widget_tab_text_color,
    background,
    text: c.widget_text_color,
  });
  return {
    '--p': c.widget_primary_color,
    '--bg': background,
    '--tx': p.text,
    '--a': p.accent,
    '--on': p.onAccent,
    '--ln': p.link,
    '--mu': p.muted,
    '--r': c.widget_border_radius,
  } as CSSProperties;
}

export function PetitionWidget({ campaignId, apiBase, layout, lang, container }: PetitionWidgetProps) {
  const page = layout === 'page';
  const base = (apiBase || SCRIPT_ORIGIN).replace(/\/+$/, '');
  const framed = page && window.parent !== window;
  // Only on Dais's own widget page, top level: the admin's session never travels to a host site.
  const preview = page && !framed && new URLSearchParams(location.search).has('preview');
  const api = useMemo(() => createApi(base, { preview }), [base, preview]);
  const [route, setRoute] = useState<PageRoute>(() =>
    page ? pageRoute(location.pathname, history.state) : { kind: 'campaign', campaignId: campaignId ?? '' },
  );
  const [review, setReview] = useState<LetterData | null>(route.kind === 'review' ? route.letter : null);
  const [colors, setColors] = useState<Colors>(DEFAULT_COLORS);
  const [campaignLanguage, setCampaignLanguage] = useState<Language | null>(null);
  // The host's choice first (the element's lang; on the widget page, ?lang=), then the campaign's.
  const asked = languageOf(page ? new URLSearchParams(location.search).get('lang') : lang);
  const language = asked ?? campaignLanguage ?? 'en';
  const texts = textsFor(language);
  // Bumped to remount the campaign view fresh (forms cleared) after a letter is submitted.
  const [generation, setGeneration] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  // What the widget shows, inside the root's padding: its height is what a framed page reports.
  const content = useRef<HTMLDivElement>(null);
  const activeId = page ? (route.kind === 'campaign' ? route.campaignId : null) : (campaignId ?? '');

  // The element's campaign-id changed: back to the start for the new campaign.
  useEffect(() => {
    if (!page) setReview(null);
  }, [page, campaignId]);

  // The widget page follows the browser's back and forward buttons between /widget/{id} and the review.
  useEffect(() => {
    if (!page) return;
    const onPop = () => {
      const r = pageRoute(location.pathname, history.state);
      if (r.kind === 'campaign') setRoute((old) => (old.kind === 'campaign' && old.campaignId === r.campaignId ? old : r));
      setReview(r.kind === 'review' ? r.letter : null);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [page]);

  // The review reloaded (its letter comes back from history.state, but no campaign view was drawn):
  // the campaign is read for its colours alone, so the page looks as it did before the reload.
  const reviewedCampaign = activeId === null ? (review?.campaign_id ?? null) : null;
  useEffect(() => {
    if (reviewedCampaign === null) return;
    let current = true;
    api.campaign(String(reviewedCampaign)).then(
      (c) => {
        if (!current) return;
        setColors(c);
        setCampaignLanguage(c.language);
      },
      (e: unknown) => logError("the campaign's colours could not be loaded", e),
    );
    return () => {
      current = false;
    };
  }, [api, reviewedCampaign]);

  // The review without its letter (opened directly, or state lost): the spec sends the visitor home.
  useEffect(() => {
    if (page && route.kind === 'home' && !review) location.replace('/');
  }, [page, route, review]);

  // Framed widget page: report the content height so the parent sizes the iframe (protocol.ts). The
  // root fills the frame (at least its height: a fixed-height iframe shows no gap below), so the
  // height reported is the content's own plus the root's padding and border, never the root's,
  // which could only grow: a frame once tall would keep the root tall and never shrink.
  useEffect(() => {
    if (!framed) return;
    document.documentElement.dataset.framed = '';
    let last = 0;
    const report = () => {
      const box = root.current;
      const inner = content.current;
      if (!box || !inner) return;
      const s = getComputedStyle(box);
      const edges = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
      const height = Math.ceil(inner.getBoundingClientRect().height + edges.reduce((sum, e) => sum + parseFloat(s[e]), 0));
      if (height !== last) parent.postMessage(resizeMessage((last = height)), '*');
    };
    const resized = new ResizeObserver(report);
    if (content.current) resized.observe(content.current);
    // Chromium does not render a cross-origin frame that is off screen, so ResizeObserver stays
    // silent until the visitor scrolls to it (the frame would scroll inside, then jump). DOM changes
    // still arrive while off screen; measuring forces layout, so the height is right before it shows.
    const changed = new MutationObserver(report);
    const watch = { subtree: true, childList: true, attributes: true, characterData: true };
    changed.observe(document.body, watch);
    const shadow = document.querySelector('petition-widget')?.shadowRoot;
    if (shadow) changed.observe(shadow, watch);
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [framed]);

  const onCampaign = useCallback(
    (c: PublicCampaign | null) => {
      if (c) {
        setColors(c);
        setCampaignLanguage(c.language);
        // The frame's title names the campaign (protocol.ts): the loader titled it by number.
        if (framed) parent.postMessage(campaignMessage(c.title), '*');
      }
      if (page) document.title = c ? c.title : textsFor(asked).notFoundTitle;
    },
    [page, framed, asked],
  );

  const openReview = useCallback(
    (letter: LetterData) => {
      if (page) history.pushState(reviewState(letter), '', REVIEW_PATH);
      setReview(letter);
    },
    [page],
  );

  function closeReview(submitted: boolean) {
    if (page) return location.assign(backHref);
    if (submitted) setGeneration((g) => g + 1);
    setReview(null);
    // Back where the supporter left: the selected tab (the view is rebuilt after a submission).
    setTimeout(() => root.current?.querySelector<HTMLElement>('[aria-selected="true"], input')?.focus());
  }

  // Inside an iframe on someone else's site the Dais home page would be out of place: back to the widget.
  const backHref = framed && review ? `/widget/${review.campaign_id}` : '/';
  useEffect(() => {
    if (page && review) document.title = texts.reviewTitle;
  }, [page, review, texts]);
  // The widget page speaks the widget's language to the browser too (screen readers, translation offers).
  useEffect(() => {
    if (page) document.documentElement.lang = language;
  }, [page, language]);

  return (
    <WidgetContext.Provider value={{ api, base, page, preview, container: container ?? document.body, language, texts }}>
      <div ref={root} className={framed ? 'dais page framed' : page ? 'dais page' : 'dais'} part="root" lang={language} style={cssVariables(colors)}>
        <style>{WIDGET_CSS}</style>
        <div ref={content} className="content">
          {activeId !== null && (
            <div hidden={review !== null}>
              <CampaignView key={`${activeId}:${generation}`} campaignId={activeId} onCampaign={onCampaign} onGenerated={openReview} />
            </div>
          )}
          {review ? (
            <LetterReview key={review.letter_content} letter={review} onBack={closeReview} backHref={page ? backHref : undefined} />
          ) : (
            route.kind === 'home' && (
              <p role="status" className="center">
                <span className="spin" aria-hidden="true" />
                {texts.loadingLetter}
              </p>
            )
          )}
        </div>
      </div>
    </WidgetContext.Provider>
  );
}
