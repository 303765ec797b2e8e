import { useState, type FormEvent } from 'react';
import type { Setting, SettingKey } from '@dais/api/contract';
import { FormField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';

interface SecuritySectionProps {
  allowFirstUserAdmin: string;
  save: (key: SettingKey, value: string) => Promise<Setting | null>;
}

export function SecuritySection({ allowFirstUserAdmin, save }: SecuritySectionProps) {
  const [choice, setChoice] = useState(allowFirstUserAdmin === 'false' ? 'false' : 'true');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    await save('allow_first_user_admin', choice);
    setSaving(false);
  };

  return (
    <section className="card section" aria-labelledby="security-settings-title">
      <h2 id="security-settings-title">Security Settings</h2>
      <form className="setting-form" onSubmit={(e) => void submit(e)}>
        <FormField
          label="Allow First User as Admin"
          hint="When allowed, the first person to sign in becomes an admin automatically. Disable it once your admins are set up."
        >
          {(p) => (
            <select {...p} className="input-short" value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="true">Allow</option>
              <option value="false">Disable</option>
            </select>
          )}
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving && <Spinner size="sm" />}
            {saving ? 'Saving...' : 'Save Security Setting'}
          </button>
        </div>
      </form>
    </section>
  );
}
