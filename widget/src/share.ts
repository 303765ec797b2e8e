/** SPEC.md "Share tab": where each of the four channels goes. */
export interface ShareLink {
  label: string;
  href: string;
}

export function shareLinks(title: string, pageUrl: string): ShareLink[] {
  const q = encodeURIComponent;
  const text = `Join me in supporting this campaign: ${title}`;
  return [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${q(pageUrl)}` },
    { label: 'Twitter', href: `https://twitter.com/intent/tweet?text=${q(text)}&url=${q(pageUrl)}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${q(pageUrl)}` },
    { label: 'Email', href: `mailto:?subject=${q(`Support: ${title}`)}&body=${q(`${text}\n\n${pageUrl}`)}` },
  ];
}
