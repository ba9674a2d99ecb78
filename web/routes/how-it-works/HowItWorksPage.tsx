import { Link } from 'react-router';
import { TESTIMONIALS } from '../../components/testimonials';
import { freeShippingCopy, shipsEveryOrderFree, useFreeShippingThreshold } from '../../catalog/shop-config';

const stepsFor = (thresholdCents: number) => [
  { title: 'Pick your product', body: 'A custom vinyl decal for your phone case (on the back below the camera), your water bottle (up to 180 × 70 mm, Large 220 × 80 mm) or your champagne flute (up to 100 × 40 mm). The case, bottle or glass is not included.' },
  { title: 'Write your line', body: 'Up to 20 characters: your catchphrase, your couple name, your type on paper.' },
  { title: 'Choose colour, font and size', body: '9 summer colours, 3 fonts and your letter size. The designer shows the decal’s real size in mm and its place on your product, and tells you if your text is too long for it.' },
  shipsEveryOrderFree(thresholdCents)
    ? { title: 'We cut it and ship free', body: 'Your decal is cut from vinyl and dispatched in 2-3 business days with free shipping. You apply it yourself in two minutes.' }
    : { title: 'We cut it and ship', body: `Your decal is cut from vinyl and dispatched in 2-3 business days. ${freeShippingCopy(thresholdCents)}. You apply it yourself in two minutes.` },
];

const FEATURES = [
  { title: 'Only $5.95', body: 'Every item, 25% off the usual $7.45.' },
  { title: 'Made to last', body: 'Stickers last 3-5 years of daily use.' },
  { title: 'Risk-free', body: '30-day return policy, no questions asked.' },
  { title: 'Loved by fans', body: '5.0 rating from 247 reviews.' },
];

export default function HowItWorksPage() {
  const STEPS = stepsFor(useFreeShippingThreshold());
  return (
    <article className="content-page how" aria-labelledby="how-title">
      <p className="eyebrow">From the villa to your bag</p>
      <h1 id="how-title">How it works</h1>
      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="step">
            <span className="step__number" aria-hidden="true">{index + 1}</span>
            <h2>{step.title}</h2>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>

      <section aria-labelledby="features-title">
        <h2 id="features-title">Why fans love it</h2>
        <ul className="features">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <h3>{feature.title}</h3>
              <p>{feature.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="apply-title" className="apply">
        <h2 id="apply-title">Applying your decal</h2>
        <p>Your decal arrives on backing paper under clear transfer tape, cut to your text: no case, bottle or glass is included.</p>
        <div className="apply__grid">
          <div>
            <h3>Phone cases</h3>
            <ol>
              <li>Take the case off your phone and wipe it with the alcohol pad.</li>
              <li>Peel the backing paper slowly, keeping the text on the clear tape.</li>
              <li>Centre it on the back below the camera, along the long side (the designer shows the spot), and press it down from the centre out.</li>
              <li>Rub firmly for 30 seconds, then peel the clear tape back at a sharp angle.</li>
            </ol>
          </div>
          <div>
            <h3>Water bottles</h3>
            <ol>
              <li>Wash and dry the bottle; the surface must be free of grease.</li>
              <li>Hold the text vertically against the bottle and fix the top edge first.</li>
              <li>Smooth it down around the curve with the squeegee card, top to bottom.</li>
              <li>Wait 24 hours before washing. Hand wash only.</li>
            </ol>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-testimonials-title">
        <h2 id="how-testimonials-title">What customers say</h2>
        <ul className="quote-cards">
          {TESTIMONIALS.slice(0, 3).map((t) => (
            <li key={t.name}>
              <blockquote>
                <p>“{t.quote}”</p>
                <footer><strong>{t.name}</strong> · {t.location}</footer>
              </blockquote>
            </li>
          ))}
        </ul>
      </section>

      <p className="center">
        <Link to="/" className="btn btn--primary">Start designing</Link>
      </p>
    </article>
  );
}
