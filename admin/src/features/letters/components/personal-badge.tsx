import './letters.css';

/** At least 12 words of its writer's own (a note or edits): the letters staff read, not a form letter's copy. */
export function PersonalBadge() {
  return (
    <span className="badge badge-on letter-personal" title="At least 12 words in the writer's own words">
      Personal
    </span>
  );
}
