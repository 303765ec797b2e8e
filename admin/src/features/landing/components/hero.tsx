const FEATURES = [
  { title: 'Petitions that count', text: 'Supporters sign in under a minute, and every signature is counted toward your goal.' },
  {
    title: 'Letters to decision makers',
    text: 'Each supporter sends a one-page public comment letter in their own voice, ready for the record.',
  },
  { title: 'Embed anywhere', text: 'Put your campaign on any website with one line of code, in your own colours.' },
];

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container">
        <h1 id="hero-title">Make your voice heard where decisions are made</h1>
        <p className="hero-lead">
          Sign petitions, send personal letters to your city council or planning board, and share the campaigns that
          matter to your community.
        </p>
        <ul className="features">
          {FEATURES.map((f) => (
            <li key={f.title} className="card feature">
              <h2>{f.title}</h2>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
