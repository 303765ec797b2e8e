import { useEffect } from 'react';

/** The tab's title for this screen ('Letters · Dais'); the route announcer reads it out on navigation. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Dais` : 'Dais';
  }, [title]);
}
