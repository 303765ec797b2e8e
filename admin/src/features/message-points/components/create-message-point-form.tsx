import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminCampaign, AdminMessagePoint } from '@dais/api/contract';
import { Spinner } from '../../../components/spinner';
import { failureText } from '../../../lib/error-reason';
import { useNotify } from '../../../lib/notify';
import { createMessagePoint } from '../api/create-message-point';
import { emptyMessagePointForm } from '../utils/message-point-form';
import { MessagePointFields } from './message-point-fields';
import { useMessagePointForm } from './use-message-point-form';

interface CreateMessagePointFormProps {
  campaigns: AdminCampaign[];
  campaignsProblem?: ReactNode;
  onCreated: (point: AdminMessagePoint) => void;
}

export function CreateMessagePointForm({ campaigns, campaignsProblem, onCreated }: CreateMessagePointFormProps) {
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setValues, errors, setErrors, onChange, requestOrShowErrors, showServerErrors } = useMessagePointForm(emptyMessagePointForm);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const request = requestOrShowErrors(formRef);
    if (!request) return;
    setSaving(true);
    try {
      const created = await createMessagePoint(request);
      onCreated(created);
      // A new point for the same campaign is the likely next step: keep the campaign chosen.
      setValues({ ...emptyMessagePointForm(), campaign_id: values.campaign_id });
      setErrors({});
      notify.success('Message point created');
    } catch (error) {
      console.error('Error creating message point:', error);
      showServerErrors(error, formRef);
      notify.error(failureText('Failed to create message point', error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card section" aria-labelledby="create-point-title">
      <h2 id="create-point-title">Add Message Point</h2>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
        <MessagePointFields values={values} errors={errors} onChange={onChange} campaigns={campaigns} campaignsProblem={campaignsProblem} />
        <div className="button-row form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving && <Spinner size="sm" />}
            {saving ? 'Adding...' : 'Add Message Point'}
          </button>
        </div>
      </form>
    </section>
  );
}
