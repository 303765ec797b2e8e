import { LIMITS } from '@dais/api/contract';
import { TextField } from '../../../components/form-field';
import type { CampaignPanelProps } from './campaign-form-props';

type PublicCommentField = 'decision_body' | 'jurisdiction' | 'meeting_date' | 'agenda_item_number' | 'project_name';

const FIELDS: { field: PublicCommentField; label: string; hint: string; type: 'text' | 'date' }[] = [
  {
    field: 'decision_body',
    label: 'Decision body',
    hint: "Who the letters go to, for example City Council. It personalizes the letter's address.",
    type: 'text',
  },
  {
    field: 'jurisdiction',
    label: 'Jurisdiction',
    hint: "The city, county or district, for example City of Springfield. It personalizes the letter's address.",
    type: 'text',
  },
  {
    field: 'meeting_date',
    label: 'Meeting date',
    hint: 'The date of the meeting where this is decided; check it against the official agenda.',
    type: 'date',
  },
  {
    field: 'agenda_item_number',
    label: 'Agenda item number',
    hint: 'As printed on the agenda, for example 7B. It helps officials identify the topic.',
    type: 'text',
  },
  {
    field: 'project_name',
    label: 'Project name',
    hint: 'The name officials use for the project or proposal. It gives the letter context.',
    type: 'text',
  },
];

/** The form's Public Comment tab: all optional; letters fall back to the spec's defaults without them. */
export function PublicCommentPanel({ values, errors, onChange }: CampaignPanelProps) {
  return (
    <div className="form-grid">
      <p className="field-hint">
        These details address supporters' letters to the right body and meeting. All are optional.
      </p>
      {FIELDS.map(({ field, label, hint, type }) => (
        <TextField
          key={field}
          label={label}
          name={field}
          type={type}
          optional
          maxLength={type === 'text' ? LIMITS.publicComment.max : undefined}
          hint={hint}
          value={values[field]}
          error={errors[field]}
          onChange={(v) => onChange(field, v)}
        />
      ))}
    </div>
  );
}
