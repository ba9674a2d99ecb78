import { MARKETING_PHONE_MODELS, orderableProductTypes } from '../../../shared/catalog';
import { usableAreaSize } from '../../../shared/decal';
import { DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS } from '../../../shared/pricing';
import { freeShippingCopy, shipsEveryOrderFree } from '../../catalog/shop-config';

export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * The 6 FAQ entries of spec.md §1 (claims as in §1 and §9). The shipping sentences follow the
 * configured free-shipping threshold (web/catalog/shop-config.ts).
 */
export function faqEntries(freeShippingThresholdCents: number = DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS): FaqEntry[] {
  const everyOrder = shipsEveryOrderFree(freeShippingThresholdCents);
  const shipping = everyOrder ? 'Every order ships free' : `${freeShippingCopy(freeShippingThresholdCents)}; smaller orders ship for $4.99`;
  return [
  { question: 'How long does shipping take?', answer: `${shipping}, dispatched within 2-3 business days. You receive a tracking number as soon as it leaves our studio.` },
  { question: 'How long do the stickers last?', answer: 'Your vinyl decal is made to last 3-5 years of everyday use. It is scratch- and splash-resistant; avoid the dishwasher for bottles and flutes.' },
  { question: 'Which phones are supported?', answer: phonesAnswer() },
  { question: 'How much does it cost?', answer: `Every item is $5.95 (25% off the usual $7.45), ${everyOrder ? 'with free shipping' : freeShippingCopy(freeShippingThresholdCents).toLowerCase()}. Pick from 9 colours and 3 fonts at no extra cost.` },
  { question: 'Can I return my order?', answer: 'Yes. If you are not happy, you can return it within 30 days for a refund. Just contact support with your order number.' },
  { question: 'How do I apply the text to my item?', answer: 'Your custom vinyl decal comes on backing paper under transfer tape. Clean the surface, peel the backing, place the decal, smooth it from the centre out and peel off the transfer tape slowly. The how-it-works page has step-by-step instructions.' },
  ];
}

/** "A, B and C". */
const listOf = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The phones of the live catalogue (shared/catalog.ts), and the models the copy names that it does not sell yet. */
function phonesAnswer(): string {
  const phones = orderableProductTypes().find((type) => type.id === 'phone-case')?.variants ?? [];
  const short = (model: string) => model.replace('Samsung Galaxy ', 'Samsung ');
  const sold = new Set(phones.map(short));
  const coming = MARKETING_PHONE_MODELS.filter((model) => !sold.has(short(model)));
  const size = phones[0] ? ` (up to ${usableAreaSize({ device: phones[0], productType: 'phone-case' }).replace(/\u00a0/g, ' ')})` : '';
  return `We cut decals sized for the back of ${listOf(phones)} cases${size}.${coming.length ? ` Decals for ${listOf(coming)} are coming soon.` : ''}`;
}

export const FAQ_ENTRIES: readonly FaqEntry[] = faqEntries();

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
