import { perspectiveLabel, type AdminLetter } from '@dais/api/contract';
import { Modal } from '../../../components/modal';
import { formatDateTime } from '../../../lib/format';
import { districtText, RESIDENCY_LABELS } from '../../../lib/residency-text';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { cityStateZip } from '../utils/letter-download';
import { LateBadge } from './late-badge';

interface LetterDialogProps {
  letter: AdminLetter | null;
  onClose: () => void;
  onDownload: (letter: AdminLetter) => void;
}

/** View: who sent the letter and the letter itself, as plain text with its line breaks. */
export function LetterDialog({ letter, onClose, onDownload }: LetterDialogProps) {
  const zone = useScreenTimeZone();
  return (
    <Modal
      open={letter !== null}
      title={letter ? `Letter from ${letter.supporter_name}` : 'Letter'}
      onClose={onClose}
      showClose
      closeOnBackdrop
      size="lg"
      footer={
        letter && (
          <>
            <button type="button" className="button button-secondary" onClick={onClose}>
              Close
            </button>
            <button type="button" className="button button-primary" onClick={() => onDownload(letter)}>
              Download
            </button>
          </>
        )
      }
    >
      {letter && (
        <>
          <h3>Supporter information</h3>
          <dl className="details">
            <div>
              <dt>Name</dt>
              <dd>{letter.supporter_name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${letter.supporter_email}`}>{letter.supporter_email}</a>
              </dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{letter.street_address}</dd>
            </div>
            <div>
              <dt>City/State/ZIP</dt>
              <dd>{cityStateZip(letter)}</dd>
            </div>
            {letter.phone_number && (
              <div>
                <dt>Phone</dt>
                <dd>{letter.phone_number}</dd>
              </div>
            )}
            {letter.residency !== null && (
              <>
                <div>
                  <dt>District</dt>
                  <dd>{districtText(letter) ?? 'None'}</dd>
                </div>
                <div>
                  <dt>Residency</dt>
                  <dd>{RESIDENCY_LABELS[letter.residency]}</dd>
                </div>
              </>
            )}
            <div>
              <dt>Perspective</dt>
              <dd>{perspectiveLabel(letter.perspective)}</dd>
            </div>
            <div>
              <dt>Campaign</dt>
              <dd>{letter.campaign_title}</dd>
            </div>
            <div>
              <dt>Submitted</dt>
              <dd>
                {formatDateTime(letter.created_at, zone)}
                {letter.is_late && (
                  <>
                    <LateBadge />
                    <span className="visually-hidden">: </span>
                    <span className="muted small"> after the written-comment deadline</span>
                  </>
                )}
              </dd>
            </div>
          </dl>
          <h3>Letter</h3>
          <div className="letter-text">{letter.letter_content}</div>
        </>
      )}
    </Modal>
  );
}
