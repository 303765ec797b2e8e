import { useEffect } from 'react';
import { PublicLayout } from '../../../components/public-layout';
import { useAuth } from '../../../lib/auth';
import { navigate } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';
import { ActiveCampaigns } from './active-campaigns';
import { Hero } from './hero';
import { Testimonials } from './testimonials';

/** The public landing page, /: also the campaign list the widget's review screen returns to. */
export function LandingPage() {
  usePageTitle('Campaigns');
  const { user, isPending, accessDenied } = useAuth();

  // A signed-in user is sent to the console, unless the console just refused them (no bounce loop).
  useEffect(() => {
    if (!isPending && user && !accessDenied) navigate('/admin', { replace: true });
  }, [isPending, user, accessDenied]);

  return (
    <PublicLayout>
      <Hero />
      <ActiveCampaigns />
      <Testimonials />
    </PublicLayout>
  );
}
