import { en, type SupporterTexts } from './texts';

/**
 * SPEC.md "Share tab": where each of the four channels goes, with the texts in the supporter's
 * language. The widget's Share tab offers them for the page it stands on; the confirmation page
 * (confirmations/pages.ts) for the campaign's own page, /widget/{id}.
 */
export interface ShareLink {
  label: string;
  href: string;
}

export function shareLinks(title: string, pageUrl: string, texts: SupporterTexts = en): ShareLink[] {
  const q = encodeURIComponent;
  const text = texts.shareMessage(title);
  return [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${q(pageUrl)}` },
    { label: 'Twitter', href: `https://twitter.com/intent/tweet?text=${q(text)}&url=${q(pageUrl)}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${q(pageUrl)}` },
    { label: texts.shareEmail, href: `mailto:?subject=${q(texts.shareSubject(title))}&body=${q(`${text}\n\n${pageUrl}`)}` },
  ];
}
