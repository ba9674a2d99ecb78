import { memo, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TESTIMONIALS } from '../../components/testimonials';

/** spec.md §9: 3 cards shown on a desktop, a step every 4 s, 300 ms transition. */
export const VISIBLE_CARDS = 3;
export const CAROUSEL_INTERVAL_MS = 4000;

/** As many cards as fit: 3 on a desktop (the spec's number), 2 on a tablet, 1 on a phone. */
const WIDTHS: readonly [string, number][] = [['(min-width: 900px)', 3], ['(min-width: 600px)', 2]];

function cardsThatFit(): number {
  if (typeof matchMedia !== 'function') return VISIBLE_CARDS;
  return WIDTHS.find(([query]) => matchMedia(query).matches)?.[1] ?? 1;
}

export function useVisibleCards(): number {
  const [visible, setVisible] = useState(cardsThatFit);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const queries = WIDTHS.map(([query]) => matchMedia(query));
    const update = () => setVisible(cardsThatFit());
    queries.forEach((query) => query.addEventListener('change', update));
    return () => queries.forEach((query) => query.removeEventListener('change', update));
  }, []);
  return visible;
}

export const TestimonialsCarousel = memo(function TestimonialsCarousel({ onCreate }: { onCreate(): void }) {
  const visible = useVisibleCards();
  const pages = TESTIMONIALS.length - visible + 1;
  const [page, setIndex] = useState(0);
  const index = Math.min(page, pages - 1);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((current) => (Math.min(current, pages - 1) + 1) % pages), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, pages]);

  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">Loved by the villa's biggest fans</h2>
      <p className="testimonials__sub">★★★★★ 5.0 from 247 reviews</p>
      <div
        className="carousel"
        aria-roledescription="carousel"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <ul className="carousel__track" style={{ transform: `translateX(-${(index * 100) / visible}%)`, ['--visible' as string]: visible }}>
          {TESTIMONIALS.map((t, i) => {
            const shown = i >= index && i < index + visible;
            return (
              <li key={t.name} className="carousel__card" aria-hidden={!shown} data-shown={shown}>
                <blockquote>
                  <p className="stars" aria-label="5 out of 5 stars">★★★★★</p>
                  <p className="quote">“{t.quote}”</p>
                  <footer>
                    <strong>{t.name}</strong> · {t.location}
                    <span className="muted"> · {t.product}</span>
                  </footer>
                </blockquote>
              </li>
            );
          })}
        </ul>
      </div>
      {/* A phone shows one card at a time: ten dots would wrap onto two rows, so arrows and "3 of 10". */}
      {visible === 1 ? (
        <div className="carousel__steps" role="group" aria-label="Choose testimonials">
          <button type="button" className="icon-button" aria-label="Previous testimonial" onClick={() => setIndex((index - 1 + pages) % pages)}>‹</button>
          <span aria-live={paused ? 'polite' : 'off'}>{index + 1} of {pages}</span>
          <button type="button" className="icon-button" aria-label="Next testimonial" onClick={() => setIndex((index + 1) % pages)}>›</button>
        </div>
      ) : (
        <div className="carousel__dots" role="group" aria-label="Choose testimonials">
          {Array.from({ length: pages }, (_, at) => (
            <button
              key={at}
              type="button"
              className="dot"
              aria-label={visible === 1 ? `Show testimonial ${at + 1}` : `Show testimonials ${at + 1} to ${at + visible}`}
              aria-current={at === index}
              onClick={() => setIndex(at)}
            />
          ))}
        </div>
      )}
      <div className="testimonials__cta">
        <button type="button" className="btn btn--primary" onClick={onCreate}>Create Your Decal Now</button>
        <Link to="/faq" className="link">Questions? Read the FAQ</Link>
      </div>
    </section>
  );
});
