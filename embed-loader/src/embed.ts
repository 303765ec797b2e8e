/**
 * embed.js: the one line a host site pastes,
 *   <script src="https://DAIS/embed.js" data-campaign="12" async></script>
 * becomes a <petition-widget campaign-id="12"> where the script stands (or, with data-mode="iframe"
 * and in browsers without custom elements, an iframe of /widget/12). The Dais origin is the origin
 * of this script's own src. data-lang="es" (or "en") sets the widget's language over the campaign's.
 * Dependency-free and tiny: it runs on every host page. See README.md.
 */
import { isDaisMessage } from '../../widget/src/protocol';

const TAG = 'petition-widget';

declare global {
  interface Window {
    /** Set by the first loader that requests widget.js, so a page with many loaders loads it once. */
    __daisWidgetRequested?: boolean;
  }
}

const warn = (text: string) => console.warn(`[dais] ${text}`);

/** The element goes where the script stands; a script that is gone, or sits in <head>, gives way to <body>. */
function place(node: Element, script: HTMLScriptElement) {
  if (script.isConnected && script.parentElement !== document.head) return script.before(node);
  if (script.isConnected) warn('embed.js stands in <head>, where nothing shows; the widget was added at the end of <body>. Paste the script tag in <body> where the widget should appear.');
  // An async script in <head> may run before <body> exists.
  if (document.body) document.body.append(node);
  else addEventListener('DOMContentLoaded', () => document.body.append(node));
}

function embedElement(script: HTMLScriptElement, origin: string, id: string, lang: string | null) {
  const widget = document.createElement(TAG);
  widget.setAttribute('campaign-id', id);
  if (lang) widget.setAttribute('lang', lang);
  place(widget, script);
  if (window.__daisWidgetRequested || customElements.get(TAG)) return;
  window.__daisWidgetRequested = true;
  const module = document.createElement('script');
  module.type = 'module';
  module.src = `${origin}/widget.js`;
  module.onerror = () => warn(`could not load ${module.src}: check that the Dais server at ${origin} is reachable.`);
  document.head.append(module);
}

function embedFrame(script: HTMLScriptElement, origin: string, id: string, lang: string | null) {
  const frame = document.createElement('iframe');
  frame.src = `${origin}/widget/${id}${lang ? `?lang=${lang}` : ''}`;
  // Until the page inside says the campaign's title (a 'dais:campaign' message).
  frame.title = `Petition: campaign ${id}`;
  // 600 px (the admin's embed code) until the page reports its real height.
  frame.style.cssText = 'display:block;width:100%;height:600px;border:0;border-radius:12px';
  place(frame, script);
  const onMessage = (event: MessageEvent) => {
    if (!frame.isConnected) return removeEventListener('message', onMessage);
    // Only our own frame, from the Dais origin, in the shape protocol.ts defines.
    if (event.source !== frame.contentWindow || event.origin !== origin || !isDaisMessage(event.data)) return;
    if (event.data.type === 'dais:campaign') frame.title = event.data.title;
    else frame.style.height = `${event.data.height}px`;
  };
  addEventListener('message', onMessage);
}

function embed() {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement) || !script.src) {
    return warn('embed.js must be loaded by its own <script src=".../embed.js" data-campaign="12" async> tag; it cannot find that tag.');
  }
  const origin = new URL(script.src).origin;
  const id = (script.dataset.campaign ?? '').trim();
  if (!/^[1-9]\d{0,9}$/.test(id)) {
    const given = script.dataset.campaign === undefined ? 'no data-campaign attribute' : `data-campaign="${script.dataset.campaign}"`;
    return warn(`${given} on the embed.js script tag: add the campaign's number, e.g. data-campaign="12" (the admin's Copy Embed Code has it).`);
  }
  const mode = script.dataset.mode;
  if (mode !== undefined && mode !== 'iframe') warn(`data-mode="${mode}" is not known: use data-mode="iframe" or leave it out. Showing the widget.`);
  // The widget speaks 'en' and 'es' (and reads 'es-MX' as 'es'); anything else is said and ignored.
  const asked = script.dataset.lang?.trim();
  const lang = asked && /^(en|es)([-_][a-z0-9]+)*$/i.test(asked) ? asked.slice(0, 2).toLowerCase() : null;
  if (asked && !lang) warn(`data-lang="${asked}" is not a language the widget speaks: use "en" or "es". Showing the campaign's language.`);
  if (mode === 'iframe' || !('customElements' in window)) embedFrame(script, origin, id, lang);
  else embedElement(script, origin, id, lang);
}

embed();
