import { useState } from 'react';
import type { AdminCampaign, AdminLetter } from '@dais/api/contract';
import { ListScreen } from '../../../components/list-screen';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLetters } from '../api/get-letters';
import { letterFileName, letterText } from '../utils/letter-download';
import { saveTextFile } from '../utils/save-text-file';
import { LetterDialog } from './letter-dialog';
import { LettersTable } from './letters-table';

/**
 * /admin/letters (SPEC.md section 2, Letters): newest first, or one campaign's, or those a search
 * finds, paginated; all of it in the address.
 */
export function LettersPage() {
  usePageTitle('Letters');
  return (
    <ListScreen
      path="/admin/letters"
      title="Letters"
      description="Letters supporters submitted, newest first. View, print or download each one."
      one="letter"
      many="letters"
      csvPath="/api/admin/letters.csv"
      useRows={useLetters}
      table={(rows, labelledBy, campaigns) => <LettersWithDialog letters={rows} labelledBy={labelledBy} campaigns={campaigns} />}
    />
  );
}

/** The table and its View dialog; both, and the downloaded file, say times in the screen's zone. */
function LettersWithDialog({ letters, labelledBy, campaigns }: { letters: AdminLetter[]; labelledBy: string; campaigns: AdminCampaign[] }) {
  const zone = useScreenTimeZone();
  const [viewing, setViewing] = useState<AdminLetter | null>(null);
  const download = (letter: AdminLetter) => saveTextFile(letterFileName(letter), letterText(letter, zone));
  return (
    <>
      <LettersTable letters={letters} labelledBy={labelledBy} campaigns={campaigns} onView={setViewing} onDownload={download} />
      <LetterDialog letter={viewing} onClose={() => setViewing(null)} onDownload={download} />
    </>
  );
}
