/**
 * widget.js: defines <petition-widget campaign-id="12">, the supporter's widget, rendered by React
 * in its own shadow root. Attributes: campaign-id (changing it reloads), api-base (the Dais origin
 * when it is not the origin widget.js came from), layout="page" (the full-page widget of page.html),
 * lang (the interface language, 'en' or 'es', over the campaign's own).
 * Shadow parts a host may style: root, header, logo, title, description, progress, tabs, tab,
 * panel, form, button, message, thanks, share, review, banner, actions, letter, success.
 */
import r2wc from '@r2wc/react-to-web-component';
import { PetitionWidget } from './components/petition-widget';

export interface PetitionWidgetElement extends HTMLElement {
  campaignId?: string;
  apiBase?: string;
  layout?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'petition-widget': PetitionWidgetElement;
  }
}

// A page may load widget.js more than once (two loaders, a copy in a bundle): the first one wins.
if (!customElements.get('petition-widget')) {
  customElements.define(
    'petition-widget',
    r2wc(PetitionWidget, { shadow: 'open', props: { campaignId: 'string', apiBase: 'string', layout: 'string', lang: 'string' } }),
  );
}
