import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SizeControl } from './SizeControl';

const fit = { widthMm: 54.4, heightMm: 12.2, tooLong: false, tooTall: false, largestAlongMm: 100, largestAcrossMm: 40 };
const sizeLine = () => screen.getByTestId('decal-size').textContent;

describe('SizeControl', () => {
  afterEach(cleanup);

  it('asks for a text while there is none, and says it is measuring while a typed text is laid out', () => {
    const { rerender } = render(<SizeControl fontSize={24} min={12} max={96} onChange={() => {}} fit={null} measuring={false} problem={null} />);
    expect(sizeLine()).toBe('Type your text to see the decal’s size.');
    rerender(<SizeControl fontSize={24} min={12} max={96} onChange={() => {}} fit={null} measuring problem={null} />);
    expect(sizeLine()).toBe('Measuring your decal…');
  });

  it('states the decal’s real size in whole millimetres with its letter size once measured', () => {
    render(<SizeControl fontSize={24} min={12} max={96} onChange={() => {}} fit={fit} measuring problem={null} />);
    expect(sizeLine()).toBe('Your decal: 54\u00a0×\u00a012\u00a0mm (12 mm letters)');
    expect(screen.getByRole('slider', { name: /Letter size/ }).getAttribute('aria-valuetext')).toBe('12 mm letters');
  });
});
