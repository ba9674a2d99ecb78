import { memo, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TESTIMONIALS } from '../../components/testimonials';

/** spec.md §9: 3 cards shown, a step every 4 s, 300 ms transition. */
export const VISIBLE_CARDS = 3;
export const CAROUSEL_INTERVAL_MS = 4000;
const PAGES = TESTIMONIALS.length - VISIBLE_CARDS + 1;

export const TestimonialsCarousel = memo(function TestimonialsCarousel({ onCreate }: { onCreate(): void }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % PAGES), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused]);

  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">Loved by the villa's biggest fans</h2>
      <p className="testimonials__sub">★★★★★ 5.0 from 2,500+ reviews</p>
      <div
        className="carousel"
        aria-roledescription="carousel"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <ul className="carousel__track" style={{ transform: `translateX(-${(index * 100) / VISIBLE_CARDS}%)` }}>
          {TESTIMONIALS.map((t, i) => {
            const shown = i >= index && i < index + VISIBLE_CARDS;
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
      <div className="carousel__dots" role="group" aria-label="Choose testimonials">
        {Array.from({ length: PAGES }, (_, page) => (
          <button
            key={page}
            type="button"
            className="dot"
            aria-label={`Show testimonials ${page + 1} to ${page + VISIBLE_CARDS}`}
            aria-current={page === index}
            onClick={() => setIndex(page)}
          />
        ))}
      </div>
      <div className="testimonials__cta">
        <button type="button" className="btn btn--primary" onClick={onCreate}>Create Your Case Now</button>
        <Link to="/faq" className="link">Questions? Read the FAQ</Link>
      </div>
    </section>
  );
});
