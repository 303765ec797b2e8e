import { ListScreen } from '../../../components/list-screen';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSupporters } from '../api/get-supporters';
import { SupportersTable } from './supporters-table';

/**
 * /admin/supporters: every signature, newest first, or one campaign's, or those a search finds;
 * paginated like the letters (all of it in the address). A signature from a throwaway-mail provider
 * is marked beside its address; quarantined ones are not listed (a campaign's Quarantine screen
 * restores them).
 */
export function SupportersPage() {
  usePageTitle('Supporters');
  return (
    <ListScreen
      path="/admin/supporters"
      title="Supporters"
      description="Everyone who signed a campaign, newest first. Quarantined signatures are not listed."
      one="supporter"
      many="supporters"
      csvPath="/api/admin/supporters.csv"
      useRows={useSupporters}
      table={(rows, labelledBy, campaigns) => <SupportersTable supporters={rows} labelledBy={labelledBy} campaigns={campaigns} />}
    />
  );
}
