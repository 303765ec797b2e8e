const TESTIMONIALS = [
  {
    quote:
      'We gathered more letters in two weeks than in the last two years of public hearings, and every one of them was in a neighbor’s own words.',
    who: 'Organizer, a neighborhood parks coalition',
  },
  {
    quote:
      'Putting the campaign on our own website took one line. Supporters never had to leave our page to sign and write to the council.',
    who: 'Volunteer coordinator, a local transit advocacy group',
  },
];

export function Testimonials() {
  return (
    <section className="public-section" aria-labelledby="testimonials-title">
      <div className="container">
        <h2 id="testimonials-title">What organizers say</h2>
        <div className="testimonials">
          {TESTIMONIALS.map((t) => (
            <figure key={t.who} className="card testimonial">
              <blockquote>“{t.quote}”</blockquote>
              <figcaption>— {t.who}</figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
