import { useState, type FormEvent } from 'react';
import type { Setting, SettingKey } from '@dais/api/contract';
import { FormField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { updateSettingInput } from '../api/update-setting';

interface SettingTextFormProps {
  settingKey: SettingKey;
  label: string;
  value: string;
  multiline?: boolean;
  maxLength: number;
  buttonLabel: string;
  hint?: string;
  save: (key: SettingKey, value: string) => Promise<Setting | null>;
}

/** One text setting with its own Save button (the success title and description save separately). */
export function SettingTextForm({ settingKey, label, value, multiline, maxLength, buttonLabel, hint, save }: SettingTextFormProps) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const checked = updateSettingInput(settingKey).safeParse({ setting_value: draft });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      event.currentTarget.querySelector<HTMLElement>('input, textarea')?.focus();
      return;
    }
    setError(undefined);
    setSaving(true);
    const saved = await save(settingKey, checked.data.setting_value);
    if (saved) setDraft(saved.setting_value);
    setSaving(false);
  };

  return (
    <form className="setting-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormField label={label} hint={hint} error={error}>
        {(p) =>
          multiline ? (
            <textarea {...p} rows={3} maxLength={maxLength} value={draft} onChange={(e) => setDraft(e.target.value)} />
          ) : (
            <input {...p} type="text" maxLength={maxLength} value={draft} onChange={(e) => setDraft(e.target.value)} />
          )
        }
      </FormField>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving && <Spinner size="sm" />}
          {saving ? 'Saving...' : buttonLabel}
        </button>
      </div>
    </form>
  );
}
