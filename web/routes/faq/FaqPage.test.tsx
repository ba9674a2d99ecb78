import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShop } from '../../components/test-support';
import { Faq } from './FaqPage';

const answers = () => screen.getAllByRole('region').filter((region) => region.id.startsWith('faq-a-'));

describe('FAQ', () => {
  afterEach(cleanup);

  it('opens each of the 6 questions on its own and links to how-it-works', async () => {
    const user = userEvent.setup();
    const { container } = renderInShop(<Faq />);
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(6);
    await user.click(questions[1]);
    await user.click(questions[4]);
    expect(screen.getAllByRole('button', { expanded: true }).map((b) => b.id)).toEqual(['faq-q-1', 'faq-q-4']);
    expect(answers()).toHaveLength(2);
    await user.click(questions[1]);
    expect(screen.getAllByRole('button', { expanded: true }).map((b) => b.id)).toEqual(['faq-q-4']);
    expect(screen.getByRole('link', { name: 'See how it works' }).getAttribute('href')).toBe('/how-it-works');

    const jsonLd = JSON.parse(container.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd['@type']).toBe('FAQPage');
    expect(jsonLd.mainEntity).toHaveLength(6);
    expect(jsonLd.mainEntity[0].acceptedAnswer['@type']).toBe('Answer');
  });

  it('showAll opens every answer and drops the how-it-works link', () => {
    renderInShop(<Faq showAll />);
    expect(answers()).toHaveLength(6);
    expect(screen.queryByRole('link', { name: 'See how it works' })).toBeNull();
  });
});
