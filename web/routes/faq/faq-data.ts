export interface FaqEntry {
  question: string;
  answer: string;
}

/** The 6 FAQ entries of spec.md §1 (claims as in §1 and §9). */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  { question: 'How long does shipping take?', answer: 'Every order ships free and is dispatched within 2-3 business days. You receive a tracking number as soon as it leaves our studio.' },
  { question: 'How long do the stickers last?', answer: 'Our printed vinyl text is made to last 3-5 years of everyday use. It is scratch- and splash-resistant; avoid the dishwasher for bottles and flutes.' },
  { question: 'Which phones are supported?', answer: 'We make cases for iPhone 15 Pro Max, 16 Pro, 14, 13 Pro Max, 13 Pro and 13, and Samsung S23 and S22. In the designer you can order for iPhone 14 Pro Max, 14 Pro, 14, 13 Pro Max, 13 Pro and 13, and Samsung Galaxy S23 and S22.' },
  { question: 'How much does it cost?', answer: 'Every item is $5.95 (25% off the usual $7.45), with free shipping. Pick from 9 colours and 3 fonts at no extra cost.' },
  { question: 'Can I return my order?', answer: 'Yes. If you are not happy, you can return it within 30 days for a refund. Just contact support with your order number.' },
  { question: 'How do I apply the text to my item?', answer: 'Clean the surface, peel the backing, place the text, smooth it from the centre out and peel off the transfer tape slowly. The how-it-works page has step-by-step instructions.' },
];

/** schema.org FAQPage structured data for the entries. */
export function faqJsonLd(entries: readonly FaqEntry[] = FAQ_ENTRIES): string {
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  });
}
