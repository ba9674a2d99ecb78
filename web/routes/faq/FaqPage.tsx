import { useState } from 'react';
import { Link } from 'react-router';
import { useFreeShippingThreshold } from '../../catalog/shop-config';
import { useCatalog } from '../../catalog/use-catalog';
import { faqEntries, faqJsonLd } from './faq-data';

/** spec.md §2: 6 questions, each opens on its own; `showAll` opens them all and drops the how-it-works link. */
export function Faq({ showAll = false }: { showAll?: boolean }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  // Re-rendered when the live catalogue arrives: the phones answer names its models.
  useCatalog();
  const entries = faqEntries(useFreeShippingThreshold());
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <section className="content-page faq" aria-labelledby="faq-title">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: faqJsonLd(entries) }} />
      <p className="eyebrow">Got a text?</p>
      <h1 id="faq-title">Frequently asked questions</h1>
      <div className="accordion">
        {entries.map((entry, index) => {
          const expanded = showAll || open.has(index);
          return (
            <div key={entry.question} className={`accordion__item${expanded ? ' is-open' : ''}`}>
              <h2 className="accordion__heading">
                <button
                  type="button"
                  id={`faq-q-${index}`}
                  aria-expanded={expanded}
                  aria-controls={`faq-a-${index}`}
                  onClick={() => toggle(index)}
                  disabled={showAll}
                >
                  {entry.question}
                  <span className="accordion__icon" aria-hidden="true">{expanded ? '−' : '+'}</span>
                </button>
              </h2>
              <div id={`faq-a-${index}`} role="region" aria-labelledby={`faq-q-${index}`} hidden={!expanded} className="accordion__panel">
                <p>{entry.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
      {!showAll && (
        <p>
          Still curious? <Link to="/how-it-works" className="link">See how it works</Link>
        </p>
      )}
    </section>
  );
}

export default function FaqPage() {
  const showAll = typeof location !== 'undefined' && new URLSearchParams(location.search).has('showAll');
  return <Faq showAll={showAll} />;
}
