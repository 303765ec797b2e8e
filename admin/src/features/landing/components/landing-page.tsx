import { useEffect, useState } from 'react';
import { PublicLayout } from '../../../components/public-layout';
import { Loading } from '../../../components/spinner';
import { useAuth } from '../../../lib/auth';
import { navigate } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useActiveCampaigns } from '../api/get-active-campaigns';
import { ActiveCampaigns } from './active-campaigns';
import { Hero } from './hero';
import { Testimonials } from './testimonials';

/** The public landing page, /: also the campaign list the widget's review screen returns to. */
export function LandingPage() {
  usePageTitle('Campaigns');
  const { user, isPending, accessDenied } = useAuth();
  const campaigns = useActiveCampaigns();
  // The campaign list sits above the testimonials and the footer: shown before it, they would be
  // pushed down when it arrives (Lighthouse measured CLS 0.11). So below the hero everything waits
  // for the list's first answer and then arrives at once; nothing already on screen moves.
  const [listAnswered, setListAnswered] = useState(false);
  if (!listAnswered && campaigns.status !== 'loading') setListAnswered(true);

  // A signed-in user is sent to the console, unless the console just refused them (no bounce loop).
  useEffect(() => {
    if (!isPending && user && !accessDenied) navigate('/admin', { replace: true });
  }, [isPending, user, accessDenied]);

  return (
    <PublicLayout footer={listAnswered}>
      <Hero />
      {listAnswered ? (
        <>
          <ActiveCampaigns campaigns={campaigns} />
          <Testimonials />
        </>
      ) : (
        <Loading label="Loading campaigns..." />
      )}
    </PublicLayout>
  );
}
