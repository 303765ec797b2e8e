import { LIMITS, type PublicCommentField } from '@dais/api/contract';
import { TextField } from '../../../components/form-field';
import { PUBLIC_COMMENT_LABELS } from '../utils/public-comment-gaps';
import type { CampaignPanelProps } from './campaign-form-props';
import { PublicCommentGaps } from './public-comment-gaps';

const FIELDS: { field: PublicCommentField; label: string; hint: string; type: 'text' | 'date' }[] = [
  {
    field: 'decision_body',
    label: PUBLIC_COMMENT_LABELS.decision_body,
    hint: "Who the letters go to, for example City Council. It personalizes the letter's address.",
    type: 'text',
  },
  {
    field: 'jurisdiction',
    label: PUBLIC_COMMENT_LABELS.jurisdiction,
    hint: "The city, county or district, for example City of Springfield. It personalizes the letter's address.",
    type: 'text',
  },
  {
    field: 'meeting_date',
    label: PUBLIC_COMMENT_LABELS.meeting_date,
    hint: 'The date of the meeting where this is decided; check it against the official agenda.',
    type: 'date',
  },
  {
    field: 'agenda_item_number',
    label: PUBLIC_COMMENT_LABELS.agenda_item_number,
    hint: 'As printed on the agenda, for example 7B. It helps officials identify the topic.',
    type: 'text',
  },
  {
    field: 'project_name',
    label: PUBLIC_COMMENT_LABELS.project_name,
    hint: 'The name officials use for the project or proposal. It gives the letter context.',
    type: 'text',
  },
];

/** The form's Public Comment tab: all optional; letters state only the fields that are set, and the tab says which are not. */
export function PublicCommentPanel({ values, errors, onChange }: CampaignPanelProps) {
  return (
    <div className="form-grid">
      <p className="field-hint">
        These details address supporters' letters to the right body and meeting. All are optional.
      </p>
      <PublicCommentGaps values={values} />
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
