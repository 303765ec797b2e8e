import { useState, type FormEvent } from 'react';
import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type Admin, type AdminRole } from '@dais/api/contract';
import { CardTable, type Column } from '../../../components/card-table';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/error-reason';
import { formatDate } from '../../../lib/format';
import { useNotify } from '../../../lib/notify';
import { browserZone, ScreenTimeZone, useScreenTimeZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';
import { changeAdminRole, inviteAdmin, inviteAdminInput, removeAdmin, useAdmins } from '../api/admins';
import { isLastOwner } from '../utils/last-owner';
import './admins.css';

const ROLE_MEANING: Record<AdminRole, string> = {
  owner: 'everything, including who has access',
  editor: 'campaigns, message points, letters and settings, not who has access',
  viewer: 'looks at everything, changes nothing',
};

/**
 * /admin/admins: who has access to the console. Owners invite an address with a role, change
 * roles and remove admins; everyone else sees the list. The server refuses what a role may not
 * do, with a message shown as it comes.
 */
export function AdminsPage() {
  usePageTitle('Admins');
  const admins = useAdmins();
  const you = admins.data?.find((a) => a.is_you);
  const owner = you?.role === 'owner';

  const zone = browserZone();
  return (
    <ScreenTimeZone zone={zone}>
      <div className="page">
        <div className="page-header">
          <div>
            <h1 id="admins-title">Admins</h1>
            <p>
              Who can use this console. An <b>owner</b> does {ROLE_MEANING.owner}; an <b>editor</b> {ROLE_MEANING.editor}; a <b>viewer</b>{' '}
              {ROLE_MEANING.viewer}. There is always at least one owner.
            </p>
            <TimeZoneNote zone={zone} />
          </div>
        </div>
        {owner && <InviteForm onInvited={() => void admins.reload()} />}
        {!owner && you && <p className="card admins-note">Only an owner can change who has access. You are {ADMIN_ROLE_LABELS[you.role].toLowerCase()}.</p>}
        {admins.status === 'loading' ? (
          <Loading label="Loading admins..." />
        ) : admins.status === 'error' ? (
          <LoadError what="the admins" error={admins.error} onRetry={admins.retry} />
        ) : (
          <AdminsTable admins={admins.data} canManage={owner} onChanged={() => void admins.reload()} />
        )}
      </div>
    </ScreenTimeZone>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('editor');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = inviteAdminInput.safeParse({ email, role });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      const invited = await inviteAdmin({ email, role });
      notify.success(`Invited ${invited.email} as ${ADMIN_ROLE_LABELS[invited.role]}: an e-mail is on its way`);
      setEmail('');
      onInvited();
    } catch (e) {
      if (e instanceof ApiError && (e.field === 'email' || e.status === 409)) setError(e.message);
      else notify.error(failureText('Failed to invite', e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card admins-invite" aria-label="Invite an admin" noValidate onSubmit={submit}>
      <FormField label="E-mail address" error={error} hint="They sign in with this address; until then the invitation waits.">
        {(p) => <input {...p} type="email" name="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </FormField>
      <FormField label="Role">
        {(p) => (
          <select {...p} name="role" value={role} onChange={(e) => setRole(e.target.value as AdminRole)}>
            {ADMIN_ROLES.map((r) => (
              <option key={r} value={r}>
                {ADMIN_ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Inviting...' : 'Invite'}
      </button>
    </form>
  );
}

function AdminsTable({ admins, canManage, onChanged }: { admins: Admin[]; canManage: boolean; onChanged: () => void }) {
  const confirm = useConfirm();
  const notify = useNotify();
  const zone = useScreenTimeZone();
  const [busyId, setBusyId] = useState<number | null>(null);

  const act = async (id: number, action: () => Promise<unknown>, done: string, failed: string) => {
    setBusyId(id);
    try {
      await action();
      notify.success(done);
      onChanged();
    } catch (e) {
      notify.error(failureText(failed, e));
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (a: Admin) => {
    const ok = await confirm({
      title: 'Remove this admin?',
      message: `${a.email} loses access to the console at once. You can invite them again later.`,
      confirmLabel: 'Remove',
    });
    if (ok) await act(a.id, () => removeAdmin(a.id), `Removed ${a.email}`, 'Failed to remove the admin');
  };

  const columns: (Column<Admin> | false)[] = [
    {
      header: 'E-mail',
      className: 'admins-email',
      cell: (a) => (
        <>
          {a.email}
          {a.is_you && <span className="admins-you"> (you)</span>}
        </>
      ),
    },
    {
      header: 'Role',
      cell: (a) =>
        canManage && !isLastOwner(a, admins) ? (
          <select
            aria-label={`Role of ${a.email}`}
            value={a.role}
            disabled={busyId === a.id}
            onChange={(e) => {
              const role = e.target.value as AdminRole;
              void act(a.id, () => changeAdminRole(a.id, role), `${a.email} is now ${ADMIN_ROLE_LABELS[role]}`, 'Failed to change the role');
            }}
          >
            {ADMIN_ROLES.map((r) => (
              <option key={r} value={r}>
                {ADMIN_ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        ) : (
          ADMIN_ROLE_LABELS[a.role]
        ),
    },
    { header: 'Status', cell: (a) => (a.joined ? 'Signed in' : 'Invited') },
    { header: 'Since', className: 'nowrap', cell: (a) => <time dateTime={a.created_at}>{formatDate(a.created_at, zone)}</time> },
    canManage && {
      header: 'Actions',
      cell: (a, rowId) =>
        isLastOwner(a, admins) ? (
          // Not offered: the server would refuse it. Why, where the button would be.
          <p id={`${rowId}-last-owner`} className="muted small admins-last-owner">
            The last owner: make another admin an owner first, then their role can change or they can be removed.
          </p>
        ) : (
          <button
            type="button"
            className="button button-danger button-small"
            aria-label={`Remove ${a.email}`}
            disabled={busyId === a.id}
            onClick={() => void remove(a)}
          >
            Remove
          </button>
        ),
    },
  ];
  return <CardTable labelledBy="admins-title" className="admins-table" columns={columns} rows={admins} rowKey={(a) => a.id} />;
}
