/**
 * One message point: its cells, Activate/Deactivate, Edit (the row becomes a form with Save and
 * Cancel) and Delete (after the spec's confirmation).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { LANGUAGE_NAMES, type AdminCampaign, type AdminMessagePoint } from '@dais/api/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/error-reason';
import { useNotify } from '../../../lib/notify';
import { deleteMessagePoint } from '../api/delete-message-point';
import { updateMessagePoint } from '../api/update-message-point';
import { messagePointFormFrom } from '../utils/message-point-form';
import { MessagePointFields } from './message-point-fields';
import { useMessagePointForm } from './use-message-point-form';

const DELETE_QUESTION = 'Are you sure you want to delete this message point?';

interface MessagePointRowProps {
  point: AdminMessagePoint;
  showCampaign: boolean;
  columns: number;
  campaigns: AdminCampaign[];
  campaignsProblem?: ReactNode;
  onSaved: (point: AdminMessagePoint) => void;
  onDeleted: (id: number) => void;
  /** A write failed in a way that may leave this screen out of date: fetch the list again. */
  onStale: () => void;
}

export function MessagePointRow(props: MessagePointRowProps) {
  const [editing, setEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    // Back from the inline form: focus returns to the Edit button it came from.
    if (wasEditing.current && !editing) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) return <EditRow {...props} onDone={() => setEditing(false)} />;
  return <ViewRow {...props} editButtonRef={editButtonRef} onEdit={() => setEditing(true)} />;
}

function ViewRow({
  point: p,
  showCampaign,
  onSaved,
  onDeleted,
  onStale,
  onEdit,
  editButtonRef,
}: MessagePointRowProps & { onEdit: () => void; editButtonRef: RefObject<HTMLButtonElement | null> }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const categoryId = useId();
  const [busy, setBusy] = useState<'toggle' | 'delete' | null>(null);

  const toggle = async () => {
    setBusy('toggle');
    try {
      onSaved(await updateMessagePoint(p.id, { is_active: !p.is_active }));
    } catch (error) {
      // SPEC.md section 8: activation failures are only logged. The row was never changed ahead
      // of the reply, and the list is fetched again in case the point changed meanwhile.
      console.error('Error toggling message point:', error);
      onStale();
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!(await confirm({ title: 'Delete message point', message: DELETE_QUESTION, confirmLabel: 'Delete', destructive: true }))) return;
    setBusy('delete');
    try {
      await deleteMessagePoint(p.id);
      onDeleted(p.id);
      notify.success('Message point deleted');
    } catch (error) {
      console.error('Error deleting message point:', error);
      notify.error(failureText('Failed to delete message point', error));
      if (error instanceof ApiError && error.status === 404) onStale();
      setBusy(null);
    }
  };

  return (
    <tr>
      {showCampaign ? (
        <td data-label="Campaign">{p.campaign_title ?? `Campaign ${p.campaign_id}`}</td>
      ) : (
        // A general point goes to the campaigns written in its language.
        <td data-label="Language" lang={p.language}>
          {LANGUAGE_NAMES[p.language]}
        </td>
      )}
      <td id={categoryId} className="strong" data-label="Category">{p.category}</td>
      <td className="talking-points" data-label="Talking Points">{p.talking_points}</td>
      <td className="num" data-label="Order">{p.display_order}</td>
      <td data-label="Status">
        <div className="tab-badges">
          <span className={p.is_active ? 'badge badge-active' : 'badge badge-inactive'}>{p.is_active ? 'Active' : 'Inactive'}</span>
          {p.is_locked && <span className="badge badge-warning">Hidden</span>}

        </div>
      </td>
      <td data-label="Actions">
        <div className="actions-cell">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-describedby={categoryId}
            disabled={busy !== null}
            onClick={() => void toggle()}
          >
            {busy === 'toggle' && <Spinner size="sm" />}
            {p.is_active ? 'Deactivate' : 'Activate'}
          </button>
          <button
            ref={editButtonRef}
            type="button"
            className="button button-secondary button-small"
            aria-describedby={categoryId}
            disabled={busy !== null}
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button-danger button-small"
            aria-describedby={categoryId}
            disabled={busy !== null}
            onClick={() => void remove()}
          >
            {busy === 'delete' && <Spinner size="sm" />}
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}

function EditRow({ point, columns, campaigns, campaignsProblem, onSaved, onDone }: MessagePointRowProps & { onDone: () => void }) {
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const { values, errors, onChange, requestOrShowErrors, showServerErrors } = useMessagePointForm(() => messagePointFormFrom(point));
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[name="category"]')?.focus();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const request = requestOrShowErrors(formRef);
    if (!request) return;
    setSaving(true);
    try {
      const saved = await updateMessagePoint(point.id, request);
      notify.success('Message point updated');
      onDone();
      onSaved(saved);
    } catch (error) {
      console.error('Error updating message point:', error);
      showServerErrors(error, formRef);
      notify.error(failureText('Failed to update message point', error));
      setSaving(false);
    }
  };

  return (
    <tr className="editing-row">
      <td colSpan={columns}>
        <form
          ref={formRef}
          noValidate
          aria-labelledby={titleId}
          onSubmit={(e) => void save(e)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !saving) {
              e.preventDefault();
              onDone();
            }
          }}
        >
          <p id={titleId} className="strong">
            Edit message point: {point.category}
          </p>
          <MessagePointFields values={values} errors={errors} onChange={onChange} campaigns={campaigns} campaignsProblem={campaignsProblem} />
          <div className="button-row form-actions">
            <button type="submit" className="button button-primary" disabled={saving}>
              {saving && <Spinner size="sm" />}
              {saving ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="button button-secondary" disabled={saving} onClick={onDone}>
              Cancel
            </button>
          </div>
        </form>
      </td>
    </tr>
  );
}
